//! Input decoding and key-id parsing speed. No design budget names these; they run on every
//! keystroke, so this keeps an eye on them: decoding should stay far
//! below a microsecond per key.

use std::hint::black_box;

use ask_keymap::{Decoder, Key};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A realistic mix: typed text (ASCII and UTF-8), arrows, Kitty and modifyOtherKeys keys,
/// and a bracketed paste, repeated to about 64 KiB.
fn input() -> Vec<u8> {
    let chunk: &[u8] = "hello wörld 日本 \x1b[A\x1b[1;5C\x1b[99;5u\x1b[27;2;13~\x1bOP\x7f\r\
        \x1b[200~pasted\r\ntext\x1b[201~\x1b[3~\x1bx"
        .as_bytes();
    chunk.repeat(64 * 1024 / chunk.len())
}

fn bench(c: &mut Criterion) {
    let bytes = input();
    let mut group = c.benchmark_group("decode");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("64KiB in one read", |b| {
        b.iter(|| Decoder::new().feed(black_box(&bytes)).len());
    });
    group.bench_function("64KiB in 16-byte reads", |b| {
        b.iter(|| {
            let mut d = Decoder::new();
            bytes
                .chunks(16)
                .map(|c| d.feed(black_box(c)).len())
                .sum::<usize>()
        });
    });
    group.finish();

    let ids = [
        "ctrl+c",
        "Escape",
        "shift+tab",
        "pageDown",
        "cmd+shift+k",
        "f12",
        "?",
        "ctrl++",
    ];
    c.bench_function("parse 8 key ids", |b| {
        b.iter(|| {
            ids.iter()
                .filter(|s| black_box(s).parse::<Key>().is_ok())
                .count()
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
