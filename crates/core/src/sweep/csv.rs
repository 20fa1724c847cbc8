//! A sweep's CSV: the header, the key of each row, and reading files back to resume a run or
//! merge shards (an instance's lines are written by `Sweep::run_csv`). Every line ends with `\n`; its first six fields (`instance`, `family`,
//! `shape`, `size`, `seed`, `algorithm`) never hold a comma or a quote, so a line's instance
//! and key read without a CSV parser. Only `message`, the last field, is quoted.

use std::collections::BTreeMap;

use super::{Point, Sweep};

/// The header line (with its `\n`): the key fields, `status`, the measures asked, `message`.
#[must_use]
pub fn header(sweep: &Sweep) -> String {
    let mut cols = vec![
        "instance",
        "family",
        "shape",
        "size",
        "seed",
        "algorithm",
        "status",
        "result",
    ];
    if sweep.measures.value {
        cols.extend(["objective", "value"]);
    }
    if sweep.measures.ratio {
        cols.push("ratio");
    }
    if sweep.measures.steps {
        cols.push("steps");
    }
    cols.push("message");
    format!("{}\n", cols.join(","))
}

/// The first six fields of a row: what identifies it (`hetlab gen` + `hetlab solve`).
#[must_use]
pub fn key(sweep: &Sweep, p: &Point, algorithm: &str) -> String {
    format!(
        "{},{},{},{},{},{algorithm}",
        p.k,
        sweep.family,
        p.shape.name(),
        p.size,
        p.seed
    )
}

/// `text` as one CSV field (the `message`): empty as is, else in quotes, quotes doubled, line
/// breaks as spaces.
#[must_use]
pub fn quoted(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let flat: String = text
        .chars()
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect();
    format!("\"{}\"", flat.replace('"', "\"\""))
}

/// A field written by [`quoted`] read back: its quotes removed and doubled quotes undone (a
/// field without quotes as it is).
#[must_use]
pub fn unquoted(field: &str) -> String {
    field
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .map_or_else(|| field.to_owned(), |f| f.replace("\"\"", "\""))
}

/// A CSV file read back: its header, its whole lines by instance, and whether it ended mid-line.
struct Read<'a> {
    header: &'a str,
    /// Whole lines, in file order, with the instance each names (`None`: not a row).
    lines: Vec<(Option<usize>, &'a str)>,
    torn: bool,
}

fn read(text: &str) -> Option<Read<'_>> {
    let end = text.find('\n')?;
    let header = &text[..=end];
    let body = &text[end + 1..];
    let whole = body.rfind('\n').map_or(0, |i| i + 1);
    let lines = body[..whole]
        .split_inclusive('\n')
        .map(|l| (l.split(',').next().and_then(|k| k.parse().ok()), l))
        .collect();
    Some(Read {
        header,
        lines,
        torn: whole < body.len(),
    })
}

/// What to keep of a partial output when resuming.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resume {
    /// The bytes to keep: the header and the complete instances (the rest is cut off).
    pub keep: usize,
    /// How many of the instances asked are complete there, in order.
    pub done: usize,
}

/// The complete prefix of a partial output `text` of `sweep` restricted to the instances
/// `ks` (in order): the longest run of leading instances all of whose rows are there, whole,
/// with the keys this sweep gives them. A torn last line, or an instance with only some of
/// its rows, ends the prefix. An empty `text` keeps nothing (the header is written again).
///
/// # Errors
/// A sentence when the file is another sweep's: another header, or a row whose key this sweep
/// does not give at that place.
pub fn resume(sweep: &Sweep, text: &str, ks: &[usize]) -> Result<Resume, String> {
    let Some(file) = read(text) else {
        // No whole line: a torn header is written again, anything else is not ours.
        if !header(sweep).starts_with(text) {
            return Err("it is not a sweep's CSV".into());
        }
        return Ok(Resume { keep: 0, done: 0 });
    };
    if file.header != header(sweep) {
        return Err("its header is not this sweep's: it was written by another sweep".into());
    }
    let mut keep = file.header.len();
    let mut lines = file.lines.iter();
    for (done, &k) in ks.iter().enumerate() {
        let Some(p) = sweep.point(k) else {
            return Ok(Resume { keep, done });
        };
        let mut bytes = 0;
        for algorithm in &sweep.algorithms {
            let Some((_, line)) = lines.next() else {
                return Ok(Resume { keep, done });
            };
            let want = key(sweep, &p, algorithm);
            if !line.starts_with(&want) || line.as_bytes().get(want.len()) != Some(&b',') {
                return Err(format!(
                    "a row of instance {k} is not this sweep's (expected it to start with \"{want}\")"
                ));
            }
            bytes += line.len();
        }
        keep += bytes;
    }
    Ok(Resume {
        keep,
        done: ks.len(),
    })
}

/// The shards `files` (name, text) joined into the file one run writes: the header once, then
/// every instance's lines in instance order. With `sweep`, every instance of it must be there;
/// without, the instances must run from 0 to the largest with none missing (a missing tail
/// is then unseen: pass the spec to check it).
///
/// # Errors
/// A sentence naming the file: no header, a header unlike the first file's, a line cut short,
/// an instance twice (in which files), instances missing (which), an instance with the wrong
/// number of rows, or rows that are not the sweep's.
pub fn merge(files: &[(String, String)], sweep: Option<&Sweep>) -> Result<String, String> {
    let mut head: Option<&str> = None;
    let mut by_k: BTreeMap<usize, (&str, Vec<&str>)> = BTreeMap::new();
    for (name, text) in files {
        let file = read(text).ok_or_else(|| format!("{name}: no header line"))?;
        if file.torn {
            return Err(format!(
                "{name} ends in the middle of a line: its shard did not finish (run it again: it resumes)"
            ));
        }
        match head {
            None => head = Some(file.header),
            Some(h) if h != file.header => {
                return Err(format!("{name}: its header differs from {}'s", files[0].0));
            }
            Some(_) => {}
        }
        let mut last: Option<usize> = None;
        for (k, line) in &file.lines {
            let k = k.ok_or_else(|| format!("{name}: a line does not start with an instance"))?;
            if let Some((other, _)) = by_k.get(&k).filter(|(f, _)| *f != name.as_str()) {
                return Err(format!("instance {k} is in both {other} and {name}"));
            }
            if last != Some(k) && by_k.contains_key(&k) {
                return Err(format!("{name}: instance {k} appears twice"));
            }
            last = Some(k);
            by_k.entry(k)
                .or_insert((name.as_str(), Vec::new()))
                .1
                .push(line);
        }
    }
    let head = head.ok_or("no file to merge")?;
    let total = match sweep {
        Some(s) => {
            if head != header(s) {
                return Err("the shards' header is not this sweep's".into());
            }
            s.instances()
        }
        None => by_k.keys().next_back().map_or(0, |k| k + 1),
    };
    check(&by_k, total, sweep)?;
    let mut out = head.to_owned();
    for line in by_k.values().flat_map(|(_, lines)| lines) {
        out.push_str(line);
    }
    Ok(out)
}

/// Every instance below `total` is there once with as many rows as the others (as the
/// sweep's algorithms, and with its keys, when the sweep is given); none past it.
fn check(
    by_k: &BTreeMap<usize, (&str, Vec<&str>)>,
    total: usize,
    sweep: Option<&Sweep>,
) -> Result<(), String> {
    let missing: Vec<usize> = (0..total).filter(|k| !by_k.contains_key(k)).collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(20).map(ToString::to_string).collect();
        let more = if missing.len() > 20 { ", …" } else { "" };
        return Err(format!(
            "{} instances missing: {}{more}",
            missing.len(),
            shown.join(", ")
        ));
    }
    if let Some(k) = by_k.keys().find(|&&k| k >= total) {
        return Err(format!(
            "instance {k} is past the sweep's last ({})",
            total.saturating_sub(1)
        ));
    }
    let per = match sweep {
        Some(s) => s.algorithms.len(),
        None => by_k.values().map(|(_, l)| l.len()).max().unwrap_or(0),
    };
    for (k, (name, lines)) in by_k {
        if lines.len() != per {
            return Err(format!(
                "{name}: instance {k} has {} rows, not {per}: its shard did not finish it",
                lines.len()
            ));
        }
        if let Some(s) = sweep {
            let p = s.point(*k).ok_or("an instance past the sweep")?;
            for (line, a) in lines.iter().zip(&s.algorithms) {
                let want = key(s, &p, a);
                if !line.starts_with(&format!("{want},")) {
                    return Err(format!("{name}: a row of instance {k} is not this sweep's"));
                }
            }
        }
    }
    Ok(())
}
