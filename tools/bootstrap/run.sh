#!/usr/bin/env bash
# Bootstrap, only the CSS Tapete's pages use (static/vendor/README.md): writes static/vendor/bootstrap/
#   bootstrap.base.min.css  what the table page and its partials use; every page loads it
#   bootstrap.more.min.css  what the other pages use beyond it; every page but the table page loads it
# Needs npm (not at run time; nothing of it is left in the project). Run again after adding a page or a class.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${PURGE_DIR:-/tmp/purge}
mkdir -p "$work/all" "$work/base"
cd "$work"
[ -f package/dist/css/bootstrap.min.css ] || { npm pack bootstrap@5.3.9 && tar xzf bootstrap-5.3.9.tgz; }
[ -x node_modules/.bin/purgecss ] || npm install --no-audit --no-fund --prefix . purgecss@8.0.0
# Without its last line, `/*# sourceMappingURL=bootstrap.min.css.map */`: the .map is not vendored, and WhiteNoise's
# CompressedManifestStaticFilesStorage fails collectstatic on a reference to a missing file.
sed '\|^/\*# sourceMappingURL=bootstrap.min.css.map \*/$|d' package/dist/css/bootstrap.min.css > bootstrap.css
cd "$root"
export BOOTSTRAP_CSS="$work/bootstrap.css"
"$work/node_modules/.bin/purgecss" --config tools/bootstrap/purgecss.config.cjs --output "$work/all/"
PAGES=table "$work/node_modules/.bin/purgecss" --config tools/bootstrap/purgecss.config.cjs --output "$work/base/"
cp "$work/package/LICENSE" static/vendor/bootstrap/LICENSE
cp "$work/base/bootstrap.css" static/vendor/bootstrap/bootstrap.base.min.css
NODE_PATH="$work/node_modules" node tools/bootstrap/split.cjs "$work/all/bootstrap.css" "$work/base/bootstrap.css" \
  > static/vendor/bootstrap/bootstrap.more.min.css
for file in static/vendor/bootstrap/bootstrap.*.min.css; do
  echo "$file: $(wc -c < "$file") bytes, $(gzip -9c "$file" | wc -c) gzipped"
done
