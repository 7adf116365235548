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

    /// The log-likelihood ratio of H1 against H0 after `w`-`d`-`l`:
    /// `n (s1 - s0) (2 m - s0 - s1) / (2 v)` with `m` the mean score, `s0`, `s1` the expected
    /// scores under the hypotheses and `v` the per-game variance, estimated as if one more
    /// win, draw and loss had been played. That prior keeps a handful of games (whose
    /// variance looks tiny: 4-2-0) from deciding a test at once, and fades as games are
    /// played.
    ///
    /// ```
    /// use fairy_cli::arbiter::stats::{Sprt, Verdict};
    /// let s = Sprt { elo0: 0.0, elo1: 150.0, alpha: 0.05, beta: 0.05 };
    /// assert_eq!(s.verdict(4, 2, 0), Verdict::Continue);
    /// assert_eq!(s.verdict(40, 20, 0), Verdict::H1);
    /// ```
    pub fn llr(&self, w: u32, d: u32, l: u32) -> f64 {
        let Some((n, mean, _)) = mean_var(w, d, l) else {
            return 0.0;
        };
        let var = mean_var(w + 1, d + 1, l + 1).map_or(0.25, |m| m.2);
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
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
    fn llr_matches_a_hand_computation() {
        // 60-20-20: mean 0.7; the variance of 61-21-21 is 66.25/103 - (71.5/103)^2;
        // s1 = 1/(1+10^(-1/40)) = 0.5143871...
        let s1 = 0.514_387_184_165_998_7;
        let var = 66.25 / 103.0 - (71.5_f64 / 103.0).powi(2);
        let want = 100.0 * (s1 - 0.5) * (1.4 - 0.5 - s1) / (2.0 * var);
        assert!((S.llr(60, 20, 20) - want).abs() < 1e-9);
        assert!((S.llr(60, 20, 20) - 1.719_471).abs() < 1e-5);
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
