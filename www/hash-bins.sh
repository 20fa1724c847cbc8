#!/bin/sh
# Trunk post_build hook (Trunk.toml): gives the wasm binaries' files a content hash, as Trunk
# does for the stylesheet, and names them in index.html.
#
# Trunk builds the binaries (index.html: data-type="worker", so it starts none) under fixed
# names, hetlab-<bin>.js and hetlab-<bin>_bg.wasm: per group of families (src/bundles.rs), a
# page binary hetlab-<group> and a solver worker binary hetlab-solver-<group>. A fixed name
# could be served from a stale cache next to a newer page, so this renames each pair to
# hetlab-<bin>-<16 hex digits>(.js|_bg.wasm) (a hash of their contents) and writes the names
# into index.html's <head>, by group:
#   <script type="application/json" id="hetlab-pages">{"<group>": {"glue": "./…js", "wasm": "./…wasm"}, …}</script>
#   <script type="application/json" id="hetlab-workers">{"<group>": {"glue": …, "wasm": …}, …}</script>
# where index.html's loader (pages) and the page (its group's worker, src/ui/worker) read
# them, and the service worker finds them (www/sw.js caches every ./ file index.html names;
# hashed names are cache-first, dropped when stale).
# It also writes which page binary holds which family pages, from src/bundles.rs (the one list,
# read by www/bundles.sh; Trunk runs hooks from the project's root):
#   <script type="application/json" id="hetlab-bundles">{"<group>": ["<family>", …], …}</script>
# And the build itself, for the About page (src/ui/pages/about.rs): Cargo.toml's version and the
# commit built (marked when the tree had uncommitted changes):
#   <script type="application/json" id="hetlab-build">{"version": "…", "commit": "…"}</script>
# and the same in the site's VERSION file (`./run build` puts it in the archive).
# And the third-party notices of the crates compiled into the wasm, THIRD-PARTY.txt
# (www/third-party.py; the About page links to it).
set -eu
python3 www/third-party.py > "${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}/THIRD-PARTY.txt"
bundles=$(sh www/bundles.sh src/bundles.rs)
version=$(sed -n '/^\[workspace\.package\]/,/^\[/s/^version *= *"\(.*\)"$/\1/p' Cargo.toml)
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
  commit="$commit (with uncommitted changes)"
fi
cd "${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}"

# Renames hetlab-$1's two files; prints {"glue": …, "wasm": …}.
hashed() {
  [ -f "hetlab-$1.js" ] && [ -f "hetlab-$1_bg.wasm" ] || {
    echo "hash-bins.sh: no hetlab-$1.js / hetlab-$1_bg.wasm in $PWD" >&2
    exit 1
  }
  hash=$(cat "hetlab-$1.js" "hetlab-$1_bg.wasm" | sha256sum | cut -c1-16)
  mv "hetlab-$1.js" "hetlab-$1-$hash.js"
  mv "hetlab-$1_bg.wasm" "hetlab-$1-${hash}_bg.wasm"
  printf '{"glue": "./hetlab-%s-%s.js", "wasm": "./hetlab-%s-%s_bg.wasm"}' "$1" "$hash" "$1" "$hash"
}

pages=""
workers=""
for wasm in hetlab-*_bg.wasm; do
  bin=${wasm#hetlab-}
  bin=${bin%_bg.wasm}
  case "$bin" in
    solver-*) workers="$workers${workers:+, }\"${bin#solver-}\": $(hashed "$bin")" ;;
    *) pages="$pages${pages:+, }\"$bin\": $(hashed "$bin")" ;;
  esac
done
[ -n "$pages" ] && [ -n "$workers" ] || {
  echo "hash-bins.sh: no page or no solver binary in $PWD" >&2
  exit 1
}
printf 'HetLab %s\ncommit %s\n' "$version" "$commit" > VERSION
tags="<script type=\"application/json\" id=\"hetlab-build\">{\"version\": \"$version\", \"commit\": \"$commit\"}</script>"
tags="$tags<script type=\"application/json\" id=\"hetlab-bundles\">$bundles</script>"
tags="$tags<script type=\"application/json\" id=\"hetlab-pages\">{$pages}</script>"
tags="$tags<script type=\"application/json\" id=\"hetlab-workers\">{$workers}</script>"
sed -i -e "s#</head>#$tags</head>#" -e "/data-trunk-skip/d" index.html
grep -q 'id="hetlab-workers"' index.html || {
  echo "hash-bins.sh: index.html has no </head> to name the binaries' files in" >&2
  exit 1
}
