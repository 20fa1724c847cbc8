#!/bin/sh
# Prints the page binaries' groups of families from src/bundles.rs (the one list), as the JSON
# that index.html's loader reads from <script id="hetlab-bundles">: {"<group>": ["<route>", …], …}
# in the order of BUNDLES, each group's families then the other pages only it holds (the first
# group opens for the pages no group names). Run by
# www/hash-bins.sh at every build; src/bundles.rs's tests run it and compare with BUNDLES.
#   sh www/bundles.sh [src/bundles.rs]
set -eu
awk '
  /^pub const [A-Z_]+: Bundle = Bundle/ { c = $3; sub(/:$/, "", c) }
  c != "" && /name: "/ { n = $0; sub(/.*name: "/, "", n); sub(/".*/, "", n); name[c] = n }
  c != "" && /families: &\[/ {
    f = $0; sub(/.*families: &\[/, "", f); sub(/\],.*/, "", f); fams[c] = f
  }
  c != "" && /pages: &\[/ {
    p = $0; sub(/.*pages: &\[/, "", p); sub(/\],.*/, "", p); pages[c] = p; c = ""
  }
  /^pub const BUNDLES: &\[Bundle\] = &\[/ { o = $0; sub(/.*= &\[/, "", o); sub(/\];.*/, "", o); order = o }
  END {
    k = split(order, ids, /, */)
    out = ""
    for (i = 1; i <= k; i++) {
      if (!(ids[i] in name) || !(ids[i] in fams)) {
        print "bundles.sh: BUNDLES names " ids[i] ", which has no name or families" > "/dev/stderr"
        exit 1
      }
      both = fams[ids[i]] ((fams[ids[i]] != "" && pages[ids[i]] != "") ? ", " : "") pages[ids[i]]
      out = out (i > 1 ? ", " : "") "\"" name[ids[i]] "\": [" both "]"
    }
    if (k == 0) { print "bundles.sh: no BUNDLES list" > "/dev/stderr"; exit 1 }
    print "{" out "}"
  }' "${1:-src/bundles.rs}"
