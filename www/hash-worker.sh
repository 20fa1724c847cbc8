#!/bin/sh
# Trunk post_build hook (Trunk.toml): gives the solver worker's files a content hash, as Trunk
# does for the page's, and names them in index.html.
#
# Trunk builds the worker binary (index.html: data-type="worker") under a fixed name,
# hetlab-worker.js and hetlab-worker_bg.wasm. A fixed name could be served from a stale cache
# next to a newer page, so this renames both to hetlab-worker-<16 hex digits>(.js|_bg.wasm)
# (a hash of their contents) and writes the names into index.html as
#   <script type="application/json" id="hetlab-worker">{"glue": "./…js", "wasm": "./…wasm"}</script>
# where the page reads them (src/ui/worker) and the service worker finds them (www/sw.js
# caches every ./ file index.html names; hashed names are cache-first, dropped when stale).
set -eu
cd "${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}"
[ -f hetlab-worker.js ] && [ -f hetlab-worker_bg.wasm ] || {
  echo "hash-worker.sh: no hetlab-worker.js / hetlab-worker_bg.wasm in $PWD" >&2
  exit 1
}
hash=$(cat hetlab-worker.js hetlab-worker_bg.wasm | sha256sum | cut -c1-16)
glue="hetlab-worker-$hash.js"
wasm="hetlab-worker-${hash}_bg.wasm"
mv hetlab-worker.js "$glue"
mv hetlab-worker_bg.wasm "$wasm"
tag="<script type=\"application/json\" id=\"hetlab-worker\">{\"glue\": \"./$glue\", \"wasm\": \"./$wasm\"}</script>"
sed -i "s#</head>#$tag</head>#" index.html
grep -q 'id="hetlab-worker"' index.html || {
  echo "hash-worker.sh: index.html has no </head> to name the worker's files in" >&2
  exit 1
}
