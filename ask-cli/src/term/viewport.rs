//! `--inline[=ROWS|PCT%]`: the height of the inline band, as ask-host's painter takes it
//! ([`InlineHeight`]; the band itself is drawn by `ask_host::term::Painter`).

pub(crate) use ask_host::term::InlineHeight;

/// `auto` (what a bare `--inline` means), `ROWS` or `PCT%` (clap's value parser).
pub(crate) fn parse_inline_height(text: &str) -> Result<InlineHeight, String> {
    let teach = || {
        format!(
            "'{text}' is not a height: give ROWS (a number of rows, e.g. --inline=15) or \
             PCT% (a share of the terminal height from 1% to 100%, e.g. --inline=40%)"
        )
    };
    let text = text.trim();
    if text == "auto" {
        return Ok(InlineHeight::Auto);
    }
    if let Some(pct) = text.strip_suffix('%') {
        return match pct.parse::<u16>() {
            Ok(p @ 1..=100) => Ok(InlineHeight::Percent(p)),
            _ => Err(teach()),
        };
    }
    match text.parse::<u16>() {
        Ok(n @ 1..) => Ok(InlineHeight::Rows(n)),
        _ => Err(teach()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heights_parse_and_teach() {
        assert_eq!(parse_inline_height("auto"), Ok(InlineHeight::Auto));
        assert_eq!(parse_inline_height("15"), Ok(InlineHeight::Rows(15)));
        assert_eq!(parse_inline_height("40%"), Ok(InlineHeight::Percent(40)));
        for bad in ["0", "0%", "101%", "-3", "tall", "12.5%", ""] {
            let err = parse_inline_height(bad).unwrap_err();
            assert!(err.contains("--inline=40%"), "{bad}: {err}");
        }
    }
}
