//! A cheap first-pass score for large candidate sets: is the (lower-case)
//! needle a subsequence of the path, and how tight and well placed is its
//! shortest match ending at the first place a match can end (fzf v1 style)?
//! Linear and branch-light; nucleo's optimal matcher then orders the best few
//! hundred.

/// Something a path is made of: bytes for ASCII paths, chars otherwise.
pub(crate) trait Unit: Copy + PartialEq {
    /// ASCII lower case.
    fn fold(self) -> Self;
    /// A path separator or word boundary before a match start.
    fn is_boundary(self) -> bool;
    /// `/`.
    fn is_slash(self) -> bool;
}

impl Unit for u8 {
    fn fold(self) -> Self {
        self.to_ascii_lowercase()
    }
    fn is_boundary(self) -> bool {
        matches!(self, b'/' | b'_' | b'-' | b'.' | b' ')
    }
    fn is_slash(self) -> bool {
        self == b'/'
    }
}

impl Unit for char {
    fn fold(self) -> Self {
        self.to_ascii_lowercase()
    }
    fn is_boundary(self) -> bool {
        matches!(self, '/' | '_' | '-' | '.' | ' ')
    }
    fn is_slash(self) -> bool {
        self == '/'
    }
}

/// The score of `needle` (already folded) in `hay`, or `None` when it is not
/// a case-insensitive subsequence. Higher is better.
pub(crate) fn quick_score<T: Unit>(hay: &[T], needle: &[T]) -> Option<u16> {
    let (&first, _) = needle.split_first()?;
    let mut want = first;
    let mut matched = 0;
    let mut end = None;
    for (i, &c) in hay.iter().enumerate() {
        if c.fold() == want {
            matched += 1;
            if let Some(&next) = needle.get(matched) {
                want = next;
            } else {
                end = Some(i);
                break;
            }
        }
    }
    let end = end?;
    let mut left = needle.len();
    let mut start = end;
    for i in (0..=end).rev() {
        if let (Some(&c), Some(&n)) = (hay.get(i), needle.get(left - 1))
            && c.fold() == n
        {
            left -= 1;
            if left == 0 {
                start = i;
                break;
            }
        }
    }
    let gaps = (end + 1 - start).saturating_sub(needle.len());
    let mut score = 1000_i64 - 8 * i64::try_from(gaps).unwrap_or(i64::MAX / 16);
    if start == 0 || hay.get(start - 1).is_some_and(|c| c.is_boundary()) {
        score += 40;
    }
    let last_slash = hay.iter().rposition(|c| c.is_slash());
    if last_slash.is_none_or(|s| start > s) {
        score += 30;
    }
    Some(u16::try_from(score.clamp(0, i64::from(u16::MAX))).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::quick_score;

    fn score(hay: &str, needle: &str) -> Option<u16> {
        quick_score(hay.as_bytes(), needle.as_bytes())
    }

    #[test]
    fn matches_exactly_the_subsequences() {
        assert!(score("src/main.rs", "mainrs").is_some());
        assert!(score("SRC/Main.rs", "main").is_some());
        assert!(score("src/main.rs", "rsm").is_none());
        assert!(score("", "a").is_none());
        assert!(score("abc", "").is_none());
    }

    #[test]
    fn prefers_tight_matches_at_boundaries_in_the_file_name() {
        assert!(score("src/render.rs", "ren") > score("src/r_e_n.rs", "ren"));
        assert!(score("crate/render", "ren") > score("render/crate", "ren"));
        assert!(score("a/render", "ren") > score("a/xrender", "ren"));
        let chars: Vec<char> = "dossier/été.md".chars().collect();
        let needle: Vec<char> = "été".chars().collect();
        assert!(quick_score(&chars, &needle).is_some());
    }
}
