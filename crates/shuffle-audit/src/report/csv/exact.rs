//! `exact.csv`: the exact position-by-card matrix in `counts.csv`'s layout (header `position,0,1,…,n-1`, one
//! row per position), each cell the probability that the card is at that position, with 25 significant digits
//! (the engine carries about 32), so that deviations from 1/n as small as 1e-10 keep 15 digits.

use crate::stats::exact::model::ExactMatrix;

/// Significant digits written per cell.
pub const DIGITS: usize = 25;

pub fn render(m: &ExactMatrix) -> Vec<u8> {
    super::counts::render_matrix(m.n(), DIGITS + 4, |p, c| m.get(c, p).to_decimal(DIGITS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::dd::Dd;

    #[test]
    fn snapshot() {
        // Cells are [card][pos]; rows of the file are positions.
        let m = ExactMatrix::from_cells(2, vec![Dd::ratio(1, 3), Dd::ratio(2, 3), Dd::ratio(2, 3), Dd::ratio(1, 3)]);
        let text = String::from_utf8(render(&m)).unwrap();
        assert_eq!(
            text,
            "position,0,1\n0,0.3333333333333333333333333,0.6666666666666666666666667\n\
             1,0.6666666666666666666666667,0.3333333333333333333333333\n"
        );
        let zero = ExactMatrix::from_cells(2, vec![Dd::ONE, Dd::ZERO, Dd::ZERO, Dd::ONE]);
        let one = "1.000000000000000000000000";
        assert_eq!(String::from_utf8(render(&zero)).unwrap(), format!("position,0,1\n0,{one},0\n1,0,{one}\n"));
    }
}
