#!/usr/bin/env bash
# The scripts and stylesheets a table page loads, served minified to keep its first load small
# (tests/browser/test_reach.py): each X.js or X.css below is made into X.min.js or X.min.css beside it, and
# tools/minified.sha256 records both, which the tests check (sha256sum -c tools/minified.sha256 does the same).
# Run again after changing one of them. Needs npm (not at run time; nothing of it is left in the project).
set -euo pipefail
cd "$(dirname "$0")/.."
tools=${MINIFY_DIR:-/tmp/minify}
[ -x "$tools/node_modules/.bin/terser" ] && [ -x "$tools/node_modules/.bin/cleancss" ] ||
  npm install --no-audit --no-fund --prefix "$tools" terser@5.51.2 clean-css-cli@5.6.3
sources=(static/app/app.js static/app/offline.js static/app/cards.js static/app/errors.js static/app/draft.js
         static/app/app.css static/app/table.css static/app/cards.css static/app/marks.css)
for source in games/*/static/*/*.js games/*/static/*/*.css; do
  case "$source" in *.min.*) ;; *) sources+=("$source") ;; esac
done
targets=()
for source in "${sources[@]}"; do
  target="${source%.*}.min.${source##*.}"
  case "$source" in
    *.js) "$tools/node_modules/.bin/terser" "$source" --compress --mangle > "$target" ;;
    *.css) "$tools/node_modules/.bin/cleancss" -O1 "$source" > "$target" ;;
  esac
  targets+=("$target")
done
sha256sum "${sources[@]}" "${targets[@]}" > tools/minified.sha256
