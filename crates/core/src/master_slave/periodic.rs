//! `MaxTasks3` and `MaxTasks4` (§5–§7): the upper bound `UB(T)`, the asymptotically optimal
//! periodic pattern (built on integers after scaling rational data by the lcm of the
//! denominators, §0), and the tasks of its infinite schedule up to a horizon.

use crate::sort;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::bus::tasks;
use super::model::BusInput;
use super::solution::Pattern;
use crate::family::SolveError;
use crate::rational::{lcm_denominators, Q};

/// One task of a per-task-communication schedule (times in the input's units).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskRec {
    /// The slave.
    pub slave: usize,
    /// Start of its input message.
    pub send: Q,
    /// Start of its computation.
    pub comp: Q,
    /// Start of its return message (variant 4).
    pub back: Option<Q>,
    /// When it counts as done (computation end, or return end in variant 4).
    pub done: Q,
    /// Its period (pattern) or 0 (greedy).
    pub period: u64,
}

/// A pattern on integers (scaled times), with its display form.
pub(super) struct IntPattern {
    pub view: Pattern,
    scale: BigInt,
    /// `t_{Q_k}` scaled, sorted order.
    t: Vec<BigInt>,
    t1: BigInt,
    t2: BigInt,
    tcom: BigInt,
    tpat: BigInt,
    nb: Vec<BigInt>,
    off: Vec<BigInt>,
}

fn int(x: &Q, scale: &BigInt) -> BigInt {
    (x * Q::from_integer(scale.clone())).to_integer()
}

/// The pattern of §6.2 (variant 3) or §7 (variant 4: `tcom := t1 + t2`); `paper` puts
/// `tc_{pmax+1}` in the lcm when `S > 1` (the paper's figure, §9.4).
pub(super) fn pattern(input: &BusInput, paper: bool) -> IntPattern {
    let (t1, t2) = input.t1_t2();
    let scale = lcm_denominators(input.t.iter().chain([&t1, &t2]));
    let (t1, t2) = (int(&t1, &scale), int(&t2, &scale));
    let tcom = &t1 + &t2;
    let mut order: Vec<usize> = (0..input.t.len()).collect();
    sort::by(&mut order, |&a, &b| {
        input.t[a].cmp(&input.t[b]).then(a.cmp(&b))
    });
    let t: Vec<BigInt> = order.iter().map(|&i| int(&input.t[i], &scale)).collect();
    let tc: Vec<BigInt> = t.iter().map(|x| x + &tcom).collect();
    let mut prefix = Vec::new();
    let mut acc = Q::zero();
    for c in &tc {
        acc += Q::new(tcom.clone(), c.clone());
        prefix.push(acc.clone());
    }
    let s = acc;
    let one = Q::one();
    let (tpat, nb, pmax) = if s <= one {
        let tpat = tc.iter().fold(BigInt::one(), |a, c| a.lcm(c));
        let nb = tc.iter().map(|c| &tpat / c).collect();
        (tpat, nb, None)
    } else {
        let pmax = prefix.iter().take_while(|v| **v <= one).count().max(1);
        let full = if paper { pmax + 1 } else { pmax }.min(tc.len());
        let tpat = tc[..full].iter().fold(tcom.clone(), |a, c| a.lcm(c));
        let mut nb: Vec<BigInt> = tc[..pmax].iter().map(|c| &tpat / c).collect();
        let used: BigInt = nb.iter().sum();
        nb.push((&tpat / &tcom - used).max(BigInt::zero()));
        nb.resize(tc.len(), BigInt::zero());
        (tpat, nb, Some(pmax))
    };
    let mut off = vec![BigInt::zero()];
    for k in &nb {
        let next = off.last().cloned().unwrap_or_default() + k * &tcom;
        off.push(next);
    }
    off.truncate(tc.len());
    let back = |x: &BigInt| Q::new(x.clone(), scale.clone());
    let view = Pattern {
        order,
        tc: tc.iter().map(back).collect(),
        s,
        prefix,
        pmax,
        tpat: back(&tpat),
        nb: nb.clone(),
        offsets: off.iter().map(back).collect(),
        scale: Q::from_integer(scale.clone()),
    };
    IntPattern {
        view,
        scale,
        t,
        t1,
        t2,
        tcom,
        tpat,
        nb,
        off,
    }
}

impl IntPattern {
    /// Tasks per period `Σ nb_k`.
    pub(super) fn per_period(&self) -> BigInt {
        self.nb.iter().sum()
    }

    /// Every task of the infinite periodic schedule done by `limit`, in (period, slave, rank)
    /// order. Variant 3 counts the computation end, variant 4 the return end.
    pub(super) fn tasks_until(&self, variant: u8, limit: &Q) -> Vec<TaskRec> {
        let lim: BigInt = (limit * Q::from_integer(self.scale.clone()))
            .floor()
            .to_integer();
        let mut out = Vec::new();
        let four = variant == 4;
        let mut r = BigInt::zero();
        loop {
            let start = &r * &self.tpat;
            // Variant 3: a period's first computation ends after `start`; variant 4: the
            // first return of its tasks starts one period later.
            let earliest = if four {
                &start + &self.tpat
            } else {
                start.clone()
            };
            if earliest >= lim {
                return out;
            }
            let period = r.to_u64().unwrap_or(u64::MAX);
            for k in 0..self.t.len() {
                self.period_tasks(k, &start, period, four, &lim, &mut out);
            }
            r += 1;
        }
    }

    fn period_tasks(
        &self,
        k: usize,
        start: &BigInt,
        period: u64,
        four: bool,
        lim: &BigInt,
        out: &mut Vec<TaskRec>,
    ) {
        let nb = &self.nb[k];
        let slot = start + &self.off[k];
        let back = |x: &BigInt| Q::new(x.clone(), self.scale.clone());
        let mut m = BigInt::zero();
        while &m < nb {
            let (send, comp) = if four {
                (
                    &slot + nb * &self.t2 + &m * &self.t1,
                    &slot + nb * &self.tcom + &m * &self.t[k],
                )
            } else {
                (
                    &slot + &m * &self.tcom,
                    &slot + nb * &self.tcom + &m * &self.t[k],
                )
            };
            let ret = four.then(|| &slot + &self.tpat + &m * &self.t2);
            let done = match &ret {
                Some(b) => b + &self.t2,
                None => &comp + &self.t[k],
            };
            if &done > lim {
                return;
            }
            out.push(TaskRec {
                slave: self.view.order[k],
                send: back(&send),
                comp: back(&comp),
                back: ret.as_ref().map(back),
                done: back(&done),
                period,
            });
            m += 1;
        }
    }
}

/// `UB(T) = min(Σ floor(T/tc_i), floor(T/tcom))` with `tcom := t1 + t2` for variant 4.
pub(super) fn upper_bound(input: &BusInput, horizon: &Q) -> Result<u64, SolveError> {
    let tcom = input.tcom();
    let mut slaves = 0u64;
    for ti in &input.t {
        slaves = slaves.saturating_add(tasks(&(horizon / (ti + &tcom)))?);
    }
    let bus = if tcom.is_positive() {
        tasks(&(horizon / &tcom))?
    } else {
        u64::MAX
    };
    Ok(slaves.min(bus))
}

/// The greedy of §6.4 (variant 3): the fastest waiting slave gets the next message whenever
/// the bus is free. Tasks whose computation ends by `horizon`, in sending order.
pub(super) fn greedy(input: &BusInput, horizon: &Q) -> Vec<TaskRec> {
    let tcom = input.tcom();
    let t = &input.t;
    let mut free = vec![Q::zero(); t.len()];
    let (mut bus, mut now) = (Q::zero(), Q::zero());
    let mut out = Vec::new();
    loop {
        let waiting = (0..t.len())
            .filter(|&i| free[i] <= now)
            .min_by(|&a, &b| t[a].cmp(&t[b]).then(a.cmp(&b)));
        match waiting {
            Some(i) if bus <= now => {
                if &now + &tcom > *horizon {
                    break;
                }
                let comp = &now + &tcom;
                let done = &comp + &t[i];
                free[i] = done.clone();
                bus = comp.clone();
                if done <= *horizon {
                    out.push(TaskRec {
                        slave: i,
                        send: now.clone(),
                        comp,
                        back: None,
                        done,
                        period: 0,
                    });
                }
                now = bus.clone();
            }
            _ => {
                let next = free
                    .iter()
                    .chain(std::iter::once(&bus))
                    .filter(|v| **v > now)
                    .min()
                    .cloned();
                match next {
                    Some(v) if v <= *horizon => now = v,
                    _ => break,
                }
            }
        }
    }
    out
}
