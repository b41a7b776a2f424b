#!/usr/bin/env bash
# Regenerates web/src/styles/inter-subset-wght.woff2, the one web-font file every page paints with
# (styles/fonts.css; index.html preloads it, see vite.config.ts).
#
# Why a subset: issue 8 budgets ~30 kB of woff2 on first paint, and the package's latin file is
# 48 kB because it also carries Latin-1 letters, ligatures and symbols the site never shows. This
# keeps Basic Latin plus the punctuation the copy uses, and the whole wght axis (one file for every
# weight). A character outside the subset is drawn by 'Inter Fallback' (fonts.css's unicode-range
# sends it there), so nothing breaks; if new copy uses another character, add it to UNICODES, run
# this, and commit the woff2.
#
# Needs fontTools with brotli:  python3 -m venv /tmp/ftvenv && /tmp/ftvenv/bin/pip install fonttools brotli
# then:                         PYFTSUBSET=/tmp/ftvenv/bin/pyftsubset web/scripts/subset-font.sh
set -euo pipefail
cd "$(dirname "$0")/.."

PYFTSUBSET=${PYFTSUBSET:-pyftsubset}
SRC=node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2
OUT=src/styles/inter-subset-wght.woff2
# Keep in step with the unicode-range in src/styles/fonts.css.
#   0020-007E Basic Latin (letters, digits, $ and ASCII punctuation); 00A0 no-break space;
#   00A9 ©  00B7 ·  00D7 ×  2013 –  2014 —  2018 ‘  2019 ’  201C “  201D ”  2022 •  2026 …
#   2190-2193 arrows: the package has only ↑ and ↓, so ← and → stay with the fallback
UNICODES='U+0020-007E,U+00A0,U+00A9,U+00B7,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+2190-2193'

[ -f "$SRC" ] || { echo "missing $SRC: run npm ci in web/ first" >&2; exit 1; }
"$PYFTSUBSET" "$SRC" \
  --unicodes="$UNICODES" \
  --layout-features='*' \
  --flavor=woff2 \
  --output-file="$OUT"
echo "$OUT: $(wc -c < "$OUT") bytes (from $SRC, $(wc -c < "$SRC") bytes)"
