//! `riffle.csv` and the console table of `exact --algorithm riffle --table`: total variation and separation
//! distance from uniform after each number of riffles (pure renderers).

use std::fmt::Write;

use crate::stats::exact::riffle::RiffleDistance;

/// `riffles,total_variation,separation`, one row per riffle count, each distance with every digit `f64` has.
pub fn render(table: &[RiffleDistance]) -> Vec<u8> {
    let mut s = String::from("riffles,total_variation,separation\n");
    for r in table {
        let _ = writeln!(s, "{},{},{}", r.riffles, r.total_variation, r.separation);
    }
    s.into_bytes()
}

/// The table as the console prints it, three decimals as Bayer and Diaconis give them.
pub fn render_text(n: usize, table: &[RiffleDistance]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Riffle shuffles (Gilbert-Shannon-Reeds) of {n} cards: distance from uniform after k riffles, exact from \
         the rising-sequence law (Bayer & Diaconis 1992)."
    );
    let _ = writeln!(s, "\n  {:>7}  {:>15}  {:>10}", "riffles", "total variation", "separation");
    for r in table {
        let _ = writeln!(s, "  {:>7}  {:>15.3}  {:>10.3}", r.riffles, r.total_variation, r.separation);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_has_the_contract_columns() {
        let table = [
            RiffleDistance { riffles: 1, total_variation: 1.0, separation: 1.0 },
            RiffleDistance { riffles: 2, total_variation: 0.5, separation: 0.75 },
        ];
        assert_eq!(
            String::from_utf8(render(&table)).unwrap(),
            "riffles,total_variation,separation\n1,1,1\n2,0.5,0.75\n"
        );
        assert!(render_text(4, &table).contains("        2            0.500       0.750"));
    }
}
