//! A value typed in a family's entry form, as the JSON the core reads: one rule for every form,
//! so a number is never rounded on its way to the solver.

use hetlab_core::rational::{from_json_number, parse_q};
use serde_json::{Number, Value};

/// One typed token as JSON: a number stays a JSON number when JSON holds it exactly; anything
/// else becomes a string, which the core reads exactly (`"1/2"`, an integer or a decimal too
/// long for a double) or explains, quoting what was typed (`"w[2]: …"`).
///
/// ```
/// use hetlab_web::typed::token;
/// assert_eq!(token(" 3 "), serde_json::json!(3));
/// assert_eq!(token("0.1"), serde_json::json!(0.1));
/// assert_eq!(token("1/2"), serde_json::json!("1/2"));
/// // A double would read 123456789012345680000000000000.
/// assert_eq!(token("123456789012345678901234567890"), serde_json::json!("123456789012345678901234567890"));
/// ```
#[must_use]
pub fn token(t: &str) -> Value {
    let t = t.trim();
    match serde_json::from_str::<Value>(t) {
        Ok(Value::Number(n)) if holds_exactly(t, &n) => Value::Number(n),
        _ => Value::String(t.to_owned()),
    }
}

/// Whether JSON number `n`, read from `t`, is the number `t` means. Text the exact reader does
/// not take (an exponent: `1e3`) is left to JSON.
fn holds_exactly(t: &str, n: &Number) -> bool {
    match (parse_q(t), from_json_number(n)) {
        (Ok(typed), Ok(read)) => typed == read,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::token;
    use serde_json::json;

    #[test]
    fn numbers_json_would_round_stay_text() {
        assert_eq!(token("-2"), json!(-2));
        assert_eq!(
            token("18446744073709551615"),
            json!(18_446_744_073_709_551_615_u64)
        );
        assert_eq!(token("18446744073709551616"), json!("18446744073709551616"));
        assert_eq!(
            token("0.12345678901234567891"),
            json!("0.12345678901234567891")
        );
        assert_eq!(token("2.5"), json!(2.5));
        assert_eq!(token("1e3"), json!(1000.0));
        assert_eq!(token("inf"), json!("inf"));
        assert_eq!(token("abc"), json!("abc"));
    }
}
