/**
 * The app's icons, drawn by lucide-react (tree-shaken: only the icons named here ship). Emoji
 * depend on the visitor's fonts (empty boxes where no emoji font is installed); these do not.
 * Icons are decoration: the text beside them carries the meaning, so they are aria-hidden.
 */
import {
  ArrowLeft,
  ArrowRightLeft,
  Bell,
  Building2,
  CalendarClock,
  ChartColumn,
  Copy,
  Download,
  FileText,
  GripVertical,
  List,
  Lock,
  Pencil,
  Plus,
  RotateCcw,
  Send,
  SquareKanban,
  Star,
  BriefcaseBusiness,
  Check,
  ChevronDown,
  ClipboardList,
  Clock,
  Dot,
  FileUp,
  FolderOpen,
  LayoutGrid,
  LogOut,
  type LucideIcon,
  Search,
  ShieldCheck,
  SlidersHorizontal,
  Trash2,
  User,
  UserX,
  X,
} from 'lucide-react'

const ICONS = {
  bell: Bell,
  briefcase: BriefcaseBusiness,
  clipboard: ClipboardList,
  folder: FolderOpen,
  user: User,
  clock: Clock,
  check: Check,
  chevron: ChevronDown,
  cross: X,
  dot: Dot,
  upload: FileUp,
  grid: LayoutGrid,
  logout: LogOut,
  search: Search,
  filters: SlidersHorizontal,
  back: ArrowLeft,
  move: ArrowRightLeft,
  building: Building2,
  calendar: CalendarClock,
  chart: ChartColumn,
  copy: Copy,
  download: Download,
  file: FileText,
  grip: GripVertical,
  list: List,
  lock: Lock,
  edit: Pencil,
  plus: Plus,
  reopen: RotateCcw,
  publish: Send,
  board: SquareKanban,
  star: Star,
  shield: ShieldCheck,
  trash: Trash2,
  erased: UserX,
} satisfies Record<string, LucideIcon>

export type IconName = keyof typeof ICONS

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  const Glyph = ICONS[name]
  return <Glyph size={size} aria-hidden="true" focusable="false" className="icon" strokeWidth={2} />
}
