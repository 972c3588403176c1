// The page's statistics, computed the way the Rust tool computes them (src/stats/dist/special.rs and
// src/stats/deck/position_card.rs), step for step in the same order, so that for the same counts the statistic
// and the p-value agree to the last few bits: the test suite feeds both the same counts
// (tests/teach/position-card-cases.json) and requires 1e-9 relative.
//
// Tail probabilities stay in log space: ln P(χ² > x) from the series for the lower incomplete gamma
// (A&S 6.5.29) when y < a + 1, otherwise the Legendre continued fraction for the upper one (A&S 6.5.31) by the
// modified Lentz method, with the prefactor y^a e^-y / Γ(a+1) in Loader's (2000) saddle-point form for a > 15.
"use strict";
const teachStats = (() => {
  const LN_SQRT_2PI = 0.9189385332046728;
  const LN_2 = Math.LN2;
  const EPS = 1e-16;
  const TINY = 1e-300;

  function iterCap(a) {
    const c = 1000 + 50 * Math.sqrt(a);
    return c > 1e8 ? 100000000 : Math.floor(c);
  }

  // ln Γ(x) for x a positive multiple of 1/2 (every a = df/2 the page meets): Γ(k) = (k−1)! and
  // Γ(k + 1/2) = √π · (1/2)(3/2)…(k − 1/2), by products that are exact below 2^53 and then summed as logs.
  function lnGammaHalf(x) {
    const twice = Math.round(2 * x);
    if (twice !== 2 * x || twice <= 0) {
      throw new Error("lnGammaHalf: " + x + " is not a positive multiple of 1/2");
    }
    let acc = twice % 2 === 0 ? 0 : 0.5 * Math.log(Math.PI);
    let z = twice % 2 === 0 ? 1 : 0.5;
    let prod = 1;
    while (z < x) {
      prod *= z;
      if (prod > 1e300) {
        acc += Math.log(prod);
        prod = 1;
      }
      z += 1;
    }
    return acc + Math.log(prod);
  }

  // Stirling's-series error δ(m) = ln Γ(m+1) − (m + ½) ln m + m − ln √(2π) (Loader 2000).
  function stirlingError(m) {
    if (m <= 15) {
      let lnFact;
      if (m === Math.floor(m)) {
        let fact = 1;
        for (let i = 2; i <= m; i += 1) fact *= i;
        lnFact = Math.log(fact);
      } else {
        lnFact = lnGammaHalf(m + 1);
      }
      return lnFact - (m + 0.5) * Math.log(m) + m - LN_SQRT_2PI;
    }
    const m2 = m * m;
    const S0 = 1 / 12, S1 = 1 / 360, S2 = 1 / 1260, S3 = 1 / 1680;
    return (S0 - (S1 - (S2 - S3 / m2) / m2) / m2) / m;
  }

  // Deviance bd0(x, μ) = x ln(x/μ) + μ − x, by its series in v = (x−μ)/(x+μ) near x = μ.
  function bd0(x, mu) {
    if (Math.abs(x - mu) < 0.1 * (x + mu)) {
      const v = (x - mu) / (x + mu);
      let s = (x - mu) * v;
      let ej = 2 * x * v;
      const v2 = v * v;
      let j = 1;
      for (;;) {
        ej *= v2;
        const s1 = s + ej / (2 * j + 1);
        if (s1 === s) return s;
        s = s1;
        j += 1;
      }
    }
    return x * Math.log(x / mu) + mu - x;
  }

  function lnGammaPrefactor(a, y) {
    if (a > 15) return -bd0(a, y) - 0.5 * Math.log(a) - LN_SQRT_2PI - stirlingError(a);
    return a * Math.log(y) - y - lnGammaHalf(a + 1);
  }

  function lnPSeries(a, y) {
    let term = 1;
    let sum = 1;
    let ap = a;
    const cap = iterCap(a);
    for (let i = 0; i < cap; i += 1) {
      ap += 1;
      term *= y / ap;
      sum += term;
      if (term < sum * EPS) break;
    }
    return lnGammaPrefactor(a, y) + Math.log(sum);
  }

  function lnQCf(a, y) {
    let b = y + 1 - a;
    let c = 1 / TINY;
    let d = 1 / b;
    let h = d;
    const cap = iterCap(a);
    for (let i = 1; i < cap; i += 1) {
      const an = -i * (i - a);
      b += 2;
      d = an * d + b;
      if (Math.abs(d) < TINY) d = TINY;
      c = b + an / c;
      if (Math.abs(c) < TINY) c = TINY;
      d = 1 / d;
      const delta = d * c;
      h *= delta;
      if (Math.abs(delta - 1) < EPS) break;
    }
    return lnGammaPrefactor(a, y) + Math.log(a) + Math.log(h);
  }

  // ln P(χ²(df) > x).
  function chi2LnSf(x, df) {
    if (Number.isNaN(x) || !Number.isFinite(df) || df <= 0) return NaN;
    if (x <= 0) return 0;
    if (x === Infinity) return -Infinity;
    const a = 0.5 * df, y = 0.5 * x;
    return y < a + 1 ? Math.log1p(-Math.exp(lnPSeries(a, y))) : lnQCf(a, y);
  }

  // ln P(χ²(df) ≤ x).
  function chi2LnCdf(x, df) {
    if (Number.isNaN(x) || !Number.isFinite(df) || df <= 0) return NaN;
    if (x <= 0) return -Infinity;
    if (x === Infinity) return 0;
    const a = 0.5 * df, y = 0.5 * x;
    return y < a + 1 ? lnPSeries(a, y) : Math.log1p(-Math.exp(lnQCf(a, y)));
  }

  // The tool's position-by-card test on a row-major matrix counts[pos * n + card]: Pearson's X² over the n²
  // cells, scaled by (n−1)/n to χ²((n−1)²), two-sided: ln p = min(0, ln 2 + min(ln upper, ln lower)). The lower
  // tail is χ²'s one lattice step further, 2(n−1)/N (Σ O² moves by 2), so that it holds its atom, as the tool's.
  function positionCard(counts, n) {
    let shuffles = 0;
    for (let card = 0; card < n; card += 1) shuffles += counts[card];
    const e = shuffles / n;
    let x2 = 0;
    for (let i = 0; i < n * n; i += 1) {
      const d = counts[i] - e;
      x2 += (d * d) / e;
    }
    const statistic = (x2 * (n - 1)) / n;
    const df = (n - 1) * (n - 1);
    const lnUpper = chi2LnSf(statistic, df);
    const lnLower = chi2LnCdf(statistic + (2 * (n - 1)) / shuffles, df);
    const lnP = Math.min(0, LN_2 + Math.min(lnUpper, lnLower));
    return { shuffles, x2, statistic, df, lnUpper, lnLower, lnP, tail: lnLower < lnUpper ? "lower" : "upper" };
  }

  // The counts against an exact law p[card * n + pos] (run --against-exact): X² over the cells with p > 0,
  // scaled by df/(K − n) with df = (n−1)² − z (z impossible cells); a count in an impossible cell is reported.
  function againstExact(counts, n, p) {
    let shuffles = 0;
    for (let card = 0; card < n; card += 1) shuffles += counts[card];
    let x2 = 0, zero = 0;
    let impossible = null;
    for (let pos = 0; pos < n; pos += 1) {
      for (let card = 0; card < n; card += 1) {
        const q = p[card * n + pos];
        const o = counts[pos * n + card];
        if (q <= 0) {
          zero += 1;
          if (o > 0 && impossible === null) impossible = { pos, card, count: o };
          continue;
        }
        const e = shuffles * q;
        x2 += ((o - e) * (o - e)) / e;
      }
    }
    const df = (n - 1) * (n - 1) - zero;
    const statistic = (x2 * df) / (n * n - zero - n);
    const lnP = Math.min(0, LN_2 + Math.min(chi2LnSf(statistic, df), chi2LnCdf(statistic, df)));
    return { shuffles, statistic, df, lnP, impossible };
  }

  // The verdict of a ln p at the tool's thresholds.
  function verdict(lnP, thresholds) {
    if (lnP < Math.log(thresholds.fail)) return "FAIL";
    if (lnP < Math.log(thresholds.suspicious)) return "SUSPICIOUS";
    return "PASS";
  }

  // p as the tool prints it: 0.0500, 2.10e-10, 10^-2171.5.
  function formatLnP(lnP) {
    const log10 = lnP * Math.LOG10E;
    if (log10 >= -4) return Math.exp(lnP).toFixed(4);
    if (log10 > -300) return Math.exp(lnP).toExponential(2);
    return "10^" + log10.toFixed(1);
  }

  return { chi2LnSf, chi2LnCdf, positionCard, againstExact, verdict, formatLnP, lnGammaHalf };
})();
