//! The square-partition family's practice questions (issue 35): how many columns the DP opens,
//! the objective or a DP cell, which algorithm does better, and which processor's rectangle
//! has the largest half-perimeter.

use serde_json::Value;

use crate::practice::common::{self, P1};
use crate::practice::{pick, Asked, Kind, Posed, Practice};
use crate::rational::{format_q, qi, Q};

use super::family::SquareFamily;

impl Practice for SquareFamily {
    const SIZES: [usize; 3] = [4, 7, 12];
    const ALGORITHMS: &'static [&'static str] = &["column-dp", "recursive", "bisection", "slices"];

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let doc = &asked.doc;
        match kind {
            Kind::NextStep => columns(doc),
            Kind::Value if pick % 2 == 1 => cell(doc, pick / 2).or_else(|| objective(doc)),
            Kind::Value => objective(doc),
            Kind::Choice => common::better(asked, Self::ALGORITHMS),
            Kind::PredictFigure => widest(doc),
        }
    }
}

/// The objective, in words.
fn objective(doc: &Value) -> Option<Posed> {
    let words = if doc["objective"]["name"] == "max_half_perimeter" {
        "the largest half-perimeter of a rectangle"
    } else {
        "the sum of the rectangles' half-perimeters"
    };
    common::objective(doc, words)
}

/// Column DP: the number of columns chosen.
fn columns(doc: &Value) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "chose_columns", 0)?;
    let c = i64::try_from(common::id(&s["columns"])?).ok()?;
    Some(common::step_number(
        i,
        "The DP table is full. How many columns C does the best column-based partition use (the fewest on ties)?".into(),
        qi(c),
    ))
}

/// Column DP: one cell of the table.
fn cell(doc: &Value, pick: u64) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "filled_cell", pick)?;
    let (c, q) = (common::id(&s["c"])?, common::id(&s["q"])?);
    Some(common::step_number(
        i,
        format!("The DP fills f[{c}][{q}]: the least sum of half-perimeters of the {q} smallest areas in {c} column(s) of height 1. What is f[{c}][{q}]?"),
        pick::exact(&s["value"])?,
    ))
}

/// Which processor's rectangle has the largest half-perimeter (every one that ties).
fn widest(doc: &Value) -> Option<Posed> {
    let half: Vec<Q> = doc["rectangles"]
        .as_array()?
        .iter()
        .map(|r| Some(pick::exact(&r["w"])? + pick::exact(&r["h"])?))
        .collect::<Option<_>>()?;
    let best = half.iter().max()?.clone();
    let right = (0..half.len())
        .filter(|&i| half[i] == best)
        .map(|i| P1.name(i))
        .collect();
    let n = common::trace(doc).len();
    pick::choice(
        Some(n),
        "In this partition of the unit square, which processor's rectangle has the largest half-perimeter (width + height)? Click its tile.".into(),
        format!("The finished partition (step {n}) shows every rectangle; the largest half-perimeter is {}.", format_q(&best)),
        P1.all(half.len()),
        right,
    )
}
