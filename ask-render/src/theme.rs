//! Roles to looks: the one colour map every painter uses.

use crate::frame::{Role, Style};

/// A foreground colour from the 16-colour terminal palette.
///
/// The names are the palette slots, not exact shades: the user's terminal theme
/// decides what "cyan" looks like, which keeps the form readable on light and dark
/// backgrounds alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Color {
    /// Palette slot 1.
    Red,
    /// Palette slot 2.
    Green,
    /// Palette slot 3.
    Yellow,
    /// Palette slot 4.
    Blue,
    /// Palette slot 5.
    Magenta,
    /// Palette slot 6.
    Cyan,
    /// Palette slot 8 ("bright black"): secondary text.
    DarkGrey,
    /// Palette slot 9.
    LightRed,
    /// Palette slot 10.
    LightGreen,
    /// Palette slot 11.
    LightYellow,
    /// Palette slot 12.
    LightBlue,
    /// Palette slot 13.
    LightMagenta,
    /// Palette slot 14.
    LightCyan,
}

impl Color {
    /// The colour's index in the 256-colour palette (`ESC [ 38 ; 5 ; n m`).
    pub const fn palette_index(self) -> u8 {
        match self {
            Self::Red => 1,
            Self::Green => 2,
            Self::Yellow => 3,
            Self::Blue => 4,
            Self::Magenta => 5,
            Self::Cyan => 6,
            Self::DarkGrey => 8,
            Self::LightRed => 9,
            Self::LightGreen => 10,
            Self::LightYellow => 11,
            Self::LightBlue => 12,
            Self::LightMagenta => 13,
            Self::LightCyan => 14,
        }
    }
}

/// How one role looks: a foreground colour and emphasis. Build one with [`Look::fg`] or
/// [`Look::default`] and the emphasis methods: `Look::fg(Color::Red).bold()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Look {
    /// Foreground colour; `None` keeps the terminal's default.
    pub fg: Option<Color>,
    /// Bold text.
    pub bold: bool,
    /// Faint text.
    pub dim: bool,
    /// Swapped foreground and background.
    pub inverse: bool,
}

impl Look {
    /// A look with this foreground colour and no emphasis.
    pub const fn fg(color: Color) -> Self {
        Self {
            fg: Some(color),
            bold: false,
            dim: false,
            inverse: false,
        }
    }

    /// The same look, bold.
    #[must_use]
    pub const fn bold(mut self) -> Self {
        self.bold = true;
        self
    }

    /// The same look, faint.
    #[must_use]
    pub const fn dim(mut self) -> Self {
        self.dim = true;
        self
    }

    /// The same look, with foreground and background swapped.
    #[must_use]
    pub const fn inverse(mut self) -> Self {
        self.inverse = true;
        self
    }
}

/// The look of every [`Role`]: what a host paints a [`Frame`](crate::Frame) with.
///
/// [`Theme::default`] is the `ask` binary's palette:
///
/// | role | look |
/// |---|---|
/// | `Text`, `Editor` | terminal default |
/// | `Accent` | light cyan |
/// | `Selected` | light cyan, **bold** (the active tab; spans add inverse) |
/// | `Title` | **bold** |
/// | `Muted`, `Border` | dark grey |
/// | `Dim` | dark grey, faint |
/// | `Success` | light green |
/// | `Warning` | light yellow |
/// | `Error` | light red |
/// | `Note` | light magenta |
/// | `Match` | light yellow, **bold** (characters matching the filter) |
///
/// A span's own [`Style`] adds to its role's look: `bold` and `inverse` turn those
/// on whatever the theme says. [`Theme::plain`] keeps emphasis but no colours, for
/// `NO_COLOR` (so filter matches stay visible as bold).
///
/// ```
/// use ask_render::{
///     Role, Style,
///     theme::{Color, Look, Theme},
/// };
///
/// let mut theme = Theme::default();
/// assert!(theme.look(Style::new(Role::Title)).bold);
/// theme.set(Role::Accent, Look::fg(Color::Blue));
/// assert_eq!(theme.look(Style::new(Role::Accent).bold()).fg, Some(Color::Blue));
/// theme.set(Role::Note, Look::fg(Color::Magenta).dim());
/// assert!(theme.look(Style::new(Role::Note)).dim);
/// assert_eq!(Theme::plain().look(Style::new(Role::Accent)).fg, None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Theme {
    looks: [Look; Role::ALL.len()],
}

impl Default for Theme {
    fn default() -> Self {
        let mut theme = Self::plain();
        theme.set(Role::Accent, Look::fg(Color::LightCyan));
        theme.set(Role::Selected, Look::fg(Color::LightCyan).bold());
        theme.set(Role::Muted, Look::fg(Color::DarkGrey));
        theme.set(Role::Border, Look::fg(Color::DarkGrey));
        theme.set(Role::Dim, Look::fg(Color::DarkGrey).dim());
        theme.set(Role::Success, Look::fg(Color::LightGreen));
        theme.set(Role::Warning, Look::fg(Color::LightYellow));
        theme.set(Role::Error, Look::fg(Color::LightRed));
        theme.set(Role::Note, Look::fg(Color::LightMagenta));
        theme.set(Role::Match, Look::fg(Color::LightYellow).bold());
        theme
    }
}

impl Theme {
    /// No colours: only `Title`, `Selected` and `Match` are bold (plus what spans ask for).
    pub fn plain() -> Self {
        let mut looks = [Look::default(); Role::ALL.len()];
        let bold = Look::default().bold();
        looks[Role::Title as usize] = bold;
        looks[Role::Selected as usize] = bold;
        looks[Role::Match as usize] = bold;
        Self { looks }
    }

    /// The look of a role.
    pub fn role(&self, role: Role) -> Look {
        self.looks[role as usize]
    }

    /// Sets the look of a role.
    pub fn set(&mut self, role: Role, look: Look) {
        self.looks[role as usize] = look;
    }

    /// The look of a span's style: its role's look plus the span's own emphasis.
    pub fn look(&self, style: Style) -> Look {
        let mut look = self.role(style.role);
        look.bold |= style.bold;
        look.inverse |= style.inverse;
        look
    }
}

#[cfg(test)]
mod tests {
    use super::{Color, Theme};
    use crate::frame::{Role, Style};

    #[test]
    fn every_role_has_a_slot_and_plain_has_no_colour() {
        let plain = Theme::plain();
        let default = Theme::default();
        for &role in Role::ALL {
            assert_eq!(plain.role(role).fg, None, "{role:?}");
            let bold = default.role(role).bold;
            assert_eq!(
                bold,
                matches!(role, Role::Title | Role::Selected | Role::Match),
                "{role:?}"
            );
        }
        assert_eq!(default.role(Role::Accent).fg, Some(Color::LightCyan));
        assert!(default.look(Style::new(Role::Text).inverse()).inverse);
    }

    #[test]
    fn filter_matches_are_bold_light_yellow_and_bold_without_colour() {
        let look = Theme::default().role(Role::Match);
        assert_eq!((look.fg, look.bold), (Some(Color::LightYellow), true));
        assert!(Theme::plain().role(Role::Match).bold);
        let frame = crate::Frame::from_lines(vec![crate::Line::new(vec![
            crate::Span::raw("Po"),
            crate::Span::new("stg", Role::Match),
        ])]);
        assert_eq!(
            crate::to_ansi(&frame, &Theme::default()),
            "Po\u{1b}[1;38;5;11mstg\u{1b}[0m"
        );
        assert_eq!(
            crate::to_ansi(&frame, &Theme::plain()),
            "Po\u{1b}[1mstg\u{1b}[0m"
        );
    }
}
