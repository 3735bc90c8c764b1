#!/usr/bin/env bash
# Bootstrap, only the CSS Tapete's pages use (static/vendor/README.md): writes static/vendor/bootstrap/
#   bootstrap.min.css        what any page uses; every page but the table page loads it
#   bootstrap.table.min.css  what the table page and the partials it swaps in use; the table page loads it alone
# Needs npm (not at run time; nothing of it is left in the project). Run again after adding a page or a class.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${PURGE_DIR:-/tmp/purge}
mkdir -p "$work/all" "$work/table"
cd "$work"
[ -f package/dist/css/bootstrap.min.css ] || { npm pack bootstrap@5.3.9 && tar xzf bootstrap-5.3.9.tgz; }
[ -x node_modules/.bin/purgecss ] || npm install --no-audit --no-fund --prefix . purgecss@8.0.0
# Without its last line, `/*# sourceMappingURL=bootstrap.min.css.map */`: the .map is not vendored, and WhiteNoise's
# CompressedManifestStaticFilesStorage fails collectstatic on a reference to a missing file.
sed '\|^/\*# sourceMappingURL=bootstrap.min.css.map \*/$|d' package/dist/css/bootstrap.min.css > bootstrap.css
cd "$root"
export BOOTSTRAP_CSS="$work/bootstrap.css"
"$work/node_modules/.bin/purgecss" --config tools/bootstrap/purgecss.config.cjs --output "$work/all/"
PAGES=table "$work/node_modules/.bin/purgecss" --config tools/bootstrap/purgecss.config.cjs --output "$work/table/"
cp "$work/package/LICENSE" static/vendor/bootstrap/LICENSE
cp "$work/all/bootstrap.css" static/vendor/bootstrap/bootstrap.min.css
cp "$work/table/bootstrap.css" static/vendor/bootstrap/bootstrap.table.min.css
for file in static/vendor/bootstrap/bootstrap.min.css static/vendor/bootstrap/bootstrap.table.min.css; do
  echo "$file: $(wc -c < "$file") bytes, $(gzip -9c "$file" | wc -c) gzipped (gzip -9)"
done
