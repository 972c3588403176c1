//! TEMPORARY: replaced by the log-space implementation.
use statrs::distribution::{ChiSquared, ContinuousCDF};
pub fn chi2_ln_sf(x: f64, df: f64) -> f64 {
    ChiSquared::new(df).unwrap().sf(x).ln()
}
pub fn chi2_ln_cdf(x: f64, df: f64) -> f64 {
    ChiSquared::new(df).unwrap().cdf(x).ln()
}
pub fn ln_to_log10(ln_p: f64) -> f64 {
    ln_p / std::f64::consts::LN_10
}
