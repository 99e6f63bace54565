//! What the per-key benches share: building a flow from a payload and timing one key
//! plus a full frame.

use std::hint::black_box;

use ask_contract::{ParseOptions, parse_params};
use ask_keymap::{Key, Keymap, behaviour::Behaviour};
use ask_render::{RenderOptions, render};
use ask_state::{Flow, FlowOptions};
use criterion::Criterion;
use serde_json::Value;

/// A flow with default settings on a payload that must be valid.
pub(crate) fn flow(payload: &Value) -> Flow {
    let form = parse_params(payload, ParseOptions::default()).expect("valid bench payload");
    Flow::new(
        form,
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default(),
    )
}

/// Presses `keys` in turn (one per iteration) and renders a `size` frame after each.
pub(crate) fn key_and_frame(
    c: &mut Criterion,
    name: &str,
    mut flow: Flow,
    keys: &[Key],
    size: &RenderOptions,
) {
    let mut n = 0usize;
    c.bench_function(name, |b| {
        b.iter(|| {
            n += 1;
            let command = flow.handle_key(keys[n % keys.len()]);
            let _ = flow.apply(command);
            black_box(render(black_box(&flow), size))
        });
    });
}
