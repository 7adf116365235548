//! Match statistics: Elo from a score with a 95% interval, and the sequential probability
//! ratio test (the normal approximation of the log-likelihood ratio on game scores with
//! logistic Elo, as used by common chess testing tools).

/// The 97.5% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_985;

/// The expected score of a side `elo` points stronger.
///
/// ```
/// assert!((fairy_cli::arbiter::stats::expected_score(0.0) - 0.5).abs() < 1e-12);
/// ```
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a mean score `p` (infinite at 0 and 1).
pub fn elo_of_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// Mean score and its per-game variance of `w`-`d`-`l`.
fn mean_var(w: u32, d: u32, l: u32) -> Option<(f64, f64, f64)> {
    let n = f64::from(w + d + l);
    if n == 0.0 {
        return None;
    }
    let (w, d, l) = (f64::from(w) / n, f64::from(d) / n, f64::from(l) / n);
    let mean = w + d / 2.0;
    let var = w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2);
    Some((n, mean, var))
}

/// The scores of a win, a draw and a loss.
const RESULT_SCORES: [f64; 3] = [1.0, 0.5, 0.0];

/// The most likely distribution `(win, draw, loss)` of game results, given the counts `n`
/// (each with a pseudo-count of 0.001 added), among those whose expected score is `s`
/// (0 < s < 1). By Lagrange's method it is `pᵢ = qᵢ / (1 + λ (xᵢ - s))` with `q` the
/// observed frequencies, `x` the results' scores and `λ` the root (found by bisection) of
/// `Σ qᵢ (xᵢ - s) / (1 + λ (xᵢ - s)) = 0`, which makes the `pᵢ` sum to 1.
///
/// ```
/// use fairy_cli::arbiter::stats::constrained_mle;
/// let p = constrained_mle([60.0, 20.0, 20.0], 0.6);
/// assert!((p[0] + p[1] + p[2] - 1.0).abs() < 1e-9);
/// assert!((p[0] + p[1] / 2.0 - 0.6).abs() < 1e-9);
/// ```
pub fn constrained_mle(n: [f64; 3], s: f64) -> [f64; 3] {
    let s = s.clamp(1e-9, 1.0 - 1e-9);
    let counts = n.map(|c| c.max(0.0) + 1e-3);
    let total: f64 = counts.iter().sum();
    let q = counts.map(|c| c / total);
    let f = |lambda: f64| -> f64 {
        (0..3)
            .map(|i| {
                let d = RESULT_SCORES[i] - s;
                q[i] * d / (1.0 + lambda * d)
            })
            .sum()
    };
    // Every denominator stays positive for lambda in (-1/(1-s), 1/s); f falls across it.
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    let margin = 1e-12;
    lo += margin * lo.abs().max(1.0);
    hi -= margin * hi.abs().max(1.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let lambda = (lo + hi) / 2.0;
    let p = [0, 1, 2].map(|i| q[i] / (1.0 + lambda * (RESULT_SCORES[i] - s)));
    let sum: f64 = p.iter().sum();
    p.map(|x| x / sum)
}

/// Elo of `w` wins, `d` draws and `l` losses with the 95% interval `(elo, low, high)`.
///
/// ```
/// let (elo, lo, hi) = fairy_cli::arbiter::stats::elo_interval(60, 20, 20).unwrap();
/// assert!((elo - 147.19).abs() < 0.01 && lo < elo && elo < hi);
/// ```
pub fn elo_interval(w: u32, d: u32, l: u32) -> Option<(f64, f64, f64)> {
    let (n, mean, var) = mean_var(w, d, l)?;
    let se = (var / n).sqrt();
    let lo = (mean - Z95 * se).clamp(0.0, 1.0);
    let hi = (mean + Z95 * se).clamp(0.0, 1.0);
    Some((elo_of_score(mean), elo_of_score(lo), elo_of_score(hi)))
}

/// The parameters of an SPRT: H0 says the first engine is `elo0` stronger, H1 `elo1`;
/// `alpha` and `beta` are the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Keep playing.
    Continue,
    /// H1 accepted (the first engine is at least `elo1` stronger, at the test's risk).
    H1,
    /// H0 accepted.
    H0,
}

impl Sprt {
    /// Reads `elo0=0 elo1=10 alpha=0.05 beta=0.05` (any order; missing ones take these
    /// defaults).
    ///
    /// # Errors
    /// An unknown key, a bad number, `elo1 <= elo0`, or a rate outside (0, 0.5).
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for w in words.iter().flat_map(|w| w.split_whitespace()) {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| format!("--sprt: {w:?} is not key=value"))?;
            let v: f64 = v
                .parse()
                .map_err(|_| format!("--sprt: {v:?} is not a number"))?;
            match k {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                _ => return Err(format!("--sprt: unknown key {k:?}")),
            }
        }
        if s.elo1 <= s.elo0 {
            return Err("--sprt: elo1 must be above elo0".into());
        }
        if !(s.alpha > 0.0 && s.alpha < 0.5 && s.beta > 0.0 && s.beta < 0.5) {
            return Err("--sprt: alpha and beta must be between 0 and 0.5".into());
        }
        Ok(s)
    }

    /// The lower and upper bounds of the log-likelihood ratio.
    ///
    /// ```
    /// use fairy_cli::arbiter::stats::Sprt;
    /// let s = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
    /// let (lo, hi) = s.bounds();
    /// assert!((hi - 2.944).abs() < 1e-3 && (lo + 2.944).abs() < 1e-3);
    /// ```
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `w`-`d`-`l` (the generalised SPRT
    /// on the trinomial model of game results): `Σ nᵢ ln(p1ᵢ / p0ᵢ)` over wins, draws and
    /// losses, where `p0`, `p1` are the most likely result distributions whose expected
    /// score is that of `elo0`, `elo1` ([`constrained_mle`]). Each count gets a pseudo-count
    /// of 0.001 so that results never seen still have a probability. Exact for small
    /// samples: nine straight wins are needed to accept `elo1 = 150` against `elo0 = 0`
    /// at 5% risks (`9 ln(s1/s0)` passes `ln 19`; eight do not).
    ///
    /// ```
    /// use fairy_cli::arbiter::stats::{Sprt, Verdict};
    /// let s = Sprt { elo0: 0.0, elo1: 150.0, alpha: 0.05, beta: 0.05 };
    /// assert_eq!(s.verdict(8, 0, 0), Verdict::Continue);
    /// assert_eq!(s.verdict(9, 0, 0), Verdict::H1);
    /// assert_eq!(s.verdict(4, 2, 0), Verdict::Continue);
    /// ```
    pub fn llr(&self, w: u32, d: u32, l: u32) -> f64 {
        if w + d + l == 0 {
            return 0.0;
        }
        let n = [f64::from(w), f64::from(d), f64::from(l)];
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        let (p0, p1) = (constrained_mle(n, s0), constrained_mle(n, s1));
        (0..3).map(|i| n[i] * (p1[i] / p0[i]).ln()).sum()
    }

    /// The decision after `w`-`d`-`l`.
    pub fn verdict(&self, w: u32, d: u32, l: u32) -> Verdict {
        let llr = self.llr(w, d, l);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn llr_matches_a_direct_computation() {
        // 60-20-20 against elo0 = 0, elo1 = 10: the distributions of the closed form are
        // checked by their constraints, the LLR against a direct sum.
        let n = [60.0, 20.0, 20.0];
        let (s0, s1) = (0.5, expected_score(10.0));
        let (p0, p1) = (constrained_mle(n, s0), constrained_mle(n, s1));
        for (p, s) in [(p0, s0), (p1, s1)] {
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!((p[0] + p[1] / 2.0 - s).abs() < 1e-9);
        }
        let want: f64 = (0..3).map(|i| n[i] * (p1[i] / p0[i]).ln()).sum();
        assert!((S.llr(60, 20, 20) - want).abs() < 1e-9);
        // The observed frequencies are the most likely ones at their own mean score.
        let own = constrained_mle(n, 0.7);
        assert!((own[0] - 0.6).abs() < 1e-4 && (own[2] - 0.2).abs() < 1e-4);
        // Symmetric results have a negative LLR (the mean is below the midpoint).
        assert!(S.llr(30, 40, 30) < 0.0);
        assert_eq!(S.llr(0, 0, 0), 0.0);
        // Only wins: positive and growing with the number of games.
        assert!(S.llr(6, 0, 0) > 0.0 && S.llr(12, 0, 0) > S.llr(6, 0, 0));
    }

    #[test]
    fn verdicts_follow_the_bounds() {
        assert_eq!(S.verdict(60, 20, 20), Verdict::Continue);
        assert_eq!(S.verdict(600, 200, 200), Verdict::H1);
        assert_eq!(S.verdict(200, 200, 600), Verdict::H0);
    }

    #[test]
    fn elo_of_known_scores() {
        assert!((elo_of_score(0.75) - 190.848).abs() < 1e-3);
        assert!(elo_of_score(0.5).abs() < 1e-12);
        let (e, lo, hi) = elo_interval(10, 80, 10).unwrap();
        assert!(e.abs() < 1e-9 && lo < 0.0 && hi > 0.0 && (hi + lo).abs() < 1e-9);
        assert!(elo_interval(0, 0, 0).is_none());
    }

    #[test]
    fn parse_reads_the_keys() {
        let s = Sprt::parse(&["elo0=0 elo1=50".into(), "alpha=0.1".into()]).unwrap();
        assert_eq!((s.elo1, s.alpha, s.beta), (50.0, 0.1, 0.05));
        assert!(Sprt::parse(&["elo0=5 elo1=5".into()]).is_err());
        assert!(Sprt::parse(&["gamma=1".into()]).is_err());
    }
}
