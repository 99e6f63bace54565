//! The height a sub-area should get: one the layout fills exactly.

use ask_state::Flow;

use crate::render::{RenderOptions, render};

/// The tallest height, at most `options.height` (0: no limit), at which the frame of
/// `flow` fills every row: rendered `options.width` wide (with or without the rules, as
/// `options` says) at that height, the frame is exactly that tall.
///
/// A frame is at most as tall as the height it is given, but below 18 rows the layout
/// is compact (no spacer rows, shorter hints), so the natural height of a short form, or
/// a height picked by hand, can leave blank rows under the frame. An inline band or a
/// sub-area sized with this shows none: without a limit it is the natural height (every
/// row of the form) when that is the layout's own height at that height, else the
/// compact form's height; with a limit it is the tallest frame that fits in it.
///
/// ```
/// # use ask_contract::{ParseOptions, parse_params_str};
/// # use ask_keymap::{Keymap, behaviour::Behaviour};
/// # use ask_state::{Flow, FlowOptions};
/// use ask_render::{RenderOptions, fitting_height, render};
/// # let form = parse_params_str(r#"{"questions": [{"id": "a", "prompt": "A?",
/// #     "options": [{"value": "x", "label": "X"}]}]}"#, ParseOptions::default())?;
/// # let flow = Flow::new(form, Behaviour::default(), Keymap::default(), FlowOptions::default());
/// let rows = fitting_height(&flow, &RenderOptions::new(70, 0));
/// assert_eq!(render(&flow, &RenderOptions::new(70, rows)).lines.len(), rows);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fitting_height(flow: &Flow, options: &RenderOptions) -> usize {
    let at = |height: usize| {
        let mut sized = *options;
        sized.height = height;
        render(flow, &sized).lines.len()
    };
    let natural = at(0);
    let mut height = if options.height == 0 {
        natural
    } else {
        natural.min(options.height)
    };
    // A frame is never taller than its height, so the heights tried only go down (and
    // the search ends): from a height the layout does not fill to the rows it used there.
    loop {
        if height == 0 {
            return 0;
        }
        let used = at(height);
        if used >= height {
            return height;
        }
        height = used;
    }
}
