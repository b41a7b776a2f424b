/**
 * The admin workspace's shell, and what its features (admin-people, admin-operations, admin-audit)
 * build on: the one client for the admin host, the root of their query keys, the page title, the
 * filter tabs and times their lists show, the search draft, and the events as sentences the overview
 * and the audit trail both show. The app's routes import the screens themselves (one chunk each).
 */
export { useAdmins } from './api/admins'
export { adminFetch, adminPost, adminToken, asList, retryServerErrors, seg, withQuery } from './api/client'
export { adminKeys } from './api/keys'
export { STEP_UP_CANCELLED } from './api/step-up'
export { useTwoFactor } from './api/two-factor'
export { AuditEventItem } from './components/AuditEventItem'
export { FilterTabs } from './components/FilterTabs'
export { JsonView } from './components/JsonView'
export { StepUpHost } from './components/StepUpDialog'
export { Time } from './components/Time'
export { useAdminTitle } from './hooks/useAdminTitle'
export { useSearchDraft } from './hooks/useSearchDraft'
export { eventHeadline } from './model/activity'
export { ERASED, actorLabel, eventSummary, eventSummaryParts, formatInstant, humaniseType, isErased, kindLabel, shortStream, streamKind } from './model/auditEvent'
export { jsonLines } from './model/json'
export { SPECIALISATIONS, STAGE_LABELS, stageLabel, stageTone } from './model/stages'
export { hasAny, readParams, validDay, writeParams } from './model/urlParams'
export { type AdminAccount, type AuditEvent, type MessageReply, OPS_STAGES, type OpsStage } from './types'
