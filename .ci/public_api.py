#!/usr/bin/env python3
"""List a crate's public API from rustdoc JSON, one item per line, sorted.

Used by .ci/public-api, which compares the listing with the committed baseline
in .ci/api/<crate>.txt. Each line names an item by its public path with what a
caller depends on: function signatures, struct fields (and whether more may be
added: #[non_exhaustive] or private fields), enum variants, trait impls
(including the auto traits Send/Sync, so a type that stops being Send shows),
constants with their types, and re-exports of other crates' items.

    python3 .ci/public_api.py target/doc/ask_host.json
"""

import json
import sys

# Compiler-internal auto trait, not something a caller can name.
SKIPPED_TRAITS = {"Freeze"}


class Lister:
    def __init__(self, doc):
        self.doc = doc
        self.index = doc["index"]
        self.paths = doc["paths"]
        self.lines = set()
        self.seen = set()

    def item(self, item_id):
        return self.index.get(str(item_id))

    # --- types -------------------------------------------------------------
    @staticmethod
    def path_name(path):
        # The last segment: how the source spelled the path (`ask_keymap::Key` or
        # `Key`) and where the item is defined (private modules) are not API.
        name = path.get("path") or path.get("name") or "?"
        return name.rsplit("::", 1)[-1]

    def args(self, args):
        if not args:
            return ""
        if "angle_bracketed" in args:
            parts = []
            for arg in args["angle_bracketed"].get("args", []):
                if "type" in arg:
                    parts.append(self.ty(arg["type"]))
                elif "lifetime" in arg:
                    parts.append(arg["lifetime"])
                elif "const" in arg:
                    parts.append(json.dumps(arg["const"], sort_keys=True))
                else:
                    parts.append(json.dumps(arg, sort_keys=True))
            for c in args["angle_bracketed"].get("constraints", []):
                binding = c.get("binding", {})
                if "equality" in binding:
                    eq = binding["equality"]
                    value = self.ty(eq["type"]) if "type" in eq else json.dumps(eq, sort_keys=True)
                    parts.append(f"{c['name']} = {value}")
                else:
                    parts.append(f"{c['name']}: {self.bounds(binding.get('constraint', []))}")
            return f"<{', '.join(parts)}>" if parts else ""
        if "parenthesized" in args:
            p = args["parenthesized"]
            out = f"({', '.join(self.ty(t) for t in p.get('inputs', []))})"
            if p.get("output"):
                out += f" -> {self.ty(p['output'])}"
            return out
        return json.dumps(args, sort_keys=True)

    def bounds(self, bounds):
        out = []
        for b in bounds:
            if "trait_bound" in b:
                tb = b["trait_bound"]
                out.append(self.path_name(tb["trait"]) + self.args(tb["trait"].get("args")))
            elif "outlives" in b:
                out.append(b["outlives"])
            else:
                out.append(json.dumps(b, sort_keys=True))
        return " + ".join(out)

    def ty(self, t):
        if t is None:
            return "()"
        if isinstance(t, str):
            return t
        (kind, v), = t.items()
        if kind == "resolved_path":
            return self.path_name(v) + self.args(v.get("args"))
        if kind in ("generic", "primitive"):
            return v
        if kind == "borrowed_ref":
            life = f"{v['lifetime']} " if v.get("lifetime") else ""
            mut = "mut " if v.get("is_mutable") else ""
            return f"&{life}{mut}{self.ty(v['type'])}"
        if kind == "tuple":
            return f"({', '.join(self.ty(x) for x in v)})"
        if kind == "slice":
            return f"[{self.ty(v)}]"
        if kind == "array":
            return f"[{self.ty(v['type'])}; {v['len']}]"
        if kind == "impl_trait":
            return f"impl {self.bounds(v)}"
        if kind == "dyn_trait":
            traits = " + ".join(
                self.path_name(p["trait"]) + self.args(p["trait"].get("args")) for p in v["traits"]
            )
            life = f" + {v['lifetime']}" if v.get("lifetime") else ""
            return f"dyn {traits}{life}"
        if kind == "qualified_path":
            return f"<{self.ty(v['self_type'])}>::{v['name']}"
        if kind == "raw_pointer":
            return f"*{'mut' if v.get('is_mutable') else 'const'} {self.ty(v['type'])}"
        if kind == "function_pointer":
            return self.fn_pointer(v)
        if kind == "infer":
            return "_"
        # A kind this script does not know would otherwise be listed as raw JSON, which
        # reads as API but says nothing a reviewer can check: stop and say so instead.
        raise SystemExit(f"public_api.py: no rendering for the rustdoc type kind {kind!r}: {json.dumps(v)[:200]}")

    def fn_pointer(self, v):
        """`fn(&str) -> bool`, with its `for<'a>` lifetimes and qualifiers."""
        sig = v["sig"]
        header = v.get("header", {})
        quals = ("unsafe " if header.get("is_unsafe") else "")
        abi = header.get("abi", "Rust")
        if abi != "Rust":
            quals += f'extern "{abi if isinstance(abi, str) else next(iter(abi))}" '
        late = [p["name"] for p in v.get("generic_params", [])]
        binder = f"for<{', '.join(late)}> " if late else ""
        inputs = ", ".join(self.ty(t) for _, t in sig["inputs"])
        if sig.get("is_c_variadic"):
            inputs += ", ..."
        out = f" -> {self.ty(sig['output'])}" if sig.get("output") else ""
        return f"{binder}{quals}fn({inputs}){out}"

    def receiver(self, t):
        text = self.ty(t)
        return {"&Self": "&self", "&mut Self": "&mut self", "Self": "self"}.get(text, f"self: {text}")

    def generics(self, g):
        params = []
        for p in g.get("params", []):
            kind = p.get("kind", {})
            if "lifetime" in kind:
                params.append(p["name"])
            elif "type" in kind:
                if kind["type"].get("is_synthetic"):
                    continue  # `impl Trait` in argument position, shown there
                b = self.bounds(kind["type"].get("bounds", []))
                params.append(f"{p['name']}: {b}" if b else p["name"])
            elif "const" in kind:
                params.append(f"const {p['name']}: {self.ty(kind['const']['type'])}")
        return f"<{', '.join(params)}>" if params else ""

    def fn_sig(self, name, f):
        sig = f["sig"]
        inputs = ", ".join(
            self.receiver(t) if n == "self" else f"{n}: {self.ty(t)}" for n, t in sig["inputs"]
        )
        header = f.get("header", {})
        quals = ("const " if header.get("is_const") else "") + ("async " if header.get("is_async") else "") + (
            "unsafe " if header.get("is_unsafe") else ""
        )
        out = f" -> {self.ty(sig['output'])}" if sig.get("output") else ""
        return f"{quals}fn {{path}}{name}{self.generics(f.get('generics', {}))}({inputs}){out}"

    # --- items -------------------------------------------------------------
    @staticmethod
    def attrs(item):
        marks = []
        for a in item.get("attrs", []):
            text = json.dumps(a)
            if "non_exhaustive" in text:
                marks.append("#[non_exhaustive] ")
            if "must_use" in text and False:
                marks.append("#[must_use] ")
        return "".join(sorted(set(marks)))

    def add(self, line):
        self.lines.add(line)

    def impls(self, path, impl_ids):
        for impl_id in impl_ids:
            impl = self.item(impl_id)
            if impl is None:
                continue
            inner = impl["inner"]["impl"]
            if inner.get("blanket_impl"):
                continue
            trait = inner.get("trait")
            if trait:
                if self.path_name(trait) in SKIPPED_TRAITS:
                    continue
                name = self.path_name(trait) + self.args(trait.get("args"))
                neg = "!" if inner.get("is_negative") else ""
                self.add(f"impl {neg}{name} for {path}")
                continue
            for member_id in inner.get("items", []):
                member = self.item(member_id)
                if member is None or member.get("visibility") != "public":
                    continue
                self.member(path, member)

    def member(self, path, member):
        name = member["name"]
        inner = member["inner"]
        if "function" in inner:
            self.add(f"{self.attrs(member)}{self.fn_sig(name, inner['function'])}".replace("{path}", f"{path}::"))
        elif "assoc_const" in inner:
            self.add(f"const {path}::{name}: {self.ty(inner['assoc_const']['type'])}")
        elif "constant" in inner:
            self.add(f"const {path}::{name}: {self.ty(inner['constant']['type'])}")
        elif "assoc_type" in inner:
            self.add(f"type {path}::{name}")

    def walk(self, item_id, prefix):
        item = self.item(item_id)
        if item is None:
            return
        key = (str(item_id), prefix)
        if key in self.seen:
            return
        self.seen.add(key)
        inner = item["inner"]
        name = item.get("name")
        if "module" in inner:
            path = prefix if inner["module"].get("is_crate") else f"{prefix}::{name}"
            if not inner["module"].get("is_crate"):
                self.add(f"mod {path}")
            for child in inner["module"]["items"]:
                c = self.item(child)
                if c is not None and c.get("visibility") == "public":
                    self.walk(child, path)
            return
        if "use" in inner:
            use = inner["use"]
            target = use.get("id")
            local = self.item(target) if target is not None else None
            if local is not None and not use.get("is_glob"):
                # A re-export of this crate's own item: list it where it is reachable.
                renamed = dict(local)
                renamed["name"] = use["name"]
                self.index[f"use:{target}:{use['name']}"] = renamed
                self.walk(f"use:{target}:{use['name']}", prefix)
            elif local is not None and "module" in local["inner"]:
                for child in local["inner"]["module"]["items"]:
                    c = self.item(child)
                    if c is not None and c.get("visibility") == "public":
                        self.walk(child, prefix)
            else:
                glob = "::*" if use.get("is_glob") else ""
                self.add(f"pub use {use['source']}{glob} as {prefix}::{use['name']}")
            return
        path = f"{prefix}::{name}"
        marks = self.attrs(item)
        if "struct" in inner:
            s = inner["struct"]
            kind = s["kind"]
            gen = self.generics(s.get("generics", {}))
            if kind == "unit":
                self.add(f"{marks}struct {path}{gen};")
            elif "tuple" in kind:
                fields = []
                for fid in kind["tuple"]:
                    f = self.item(fid) if fid is not None else None
                    fields.append(self.ty(f["inner"]["struct_field"]) if f else "_")
                self.add(f"{marks}struct {path}{gen}({', '.join(fields)})")
            else:
                plain = kind["plain"]
                stripped = " (+ private fields)" if plain.get("has_stripped_fields") else ""
                self.add(f"{marks}struct {path}{gen}{stripped}")
                for fid in plain["fields"]:
                    f = self.item(fid)
                    if f and f.get("visibility") == "public":
                        self.add(f"{path}.{f['name']}: {self.ty(f['inner']['struct_field'])}")
            self.impls(path, s.get("impls", []))
        elif "enum" in inner:
            e = inner["enum"]
            self.add(f"{marks}enum {path}{self.generics(e.get('generics', {}))}")
            for vid in e["variants"]:
                v = self.item(vid)
                if v is None:
                    continue
                vk = v["inner"]["variant"]["kind"]
                vmarks = self.attrs(v)
                if vk == "plain":
                    self.add(f"{vmarks}{path}::{v['name']}")
                elif "tuple" in vk:
                    fields = []
                    for fid in vk["tuple"]:
                        f = self.item(fid) if fid is not None else None
                        fields.append(self.ty(f["inner"]["struct_field"]) if f else "_")
                    self.add(f"{vmarks}{path}::{v['name']}({', '.join(fields)})")
                else:
                    names = []
                    for fid in vk["struct"]["fields"]:
                        f = self.item(fid)
                        if f:
                            names.append(f"{f['name']}: {self.ty(f['inner']['struct_field'])}")
                    self.add(f"{vmarks}{path}::{v['name']} {{ {', '.join(names)} }}")
            self.impls(path, e.get("impls", []))
        elif "function" in inner:
            self.add(f"{marks}{self.fn_sig(name, inner['function'])}".replace("{path}", f"{prefix}::"))
        elif "trait" in inner:
            t = inner["trait"]
            self.add(f"trait {path}{self.generics(t.get('generics', {}))}")
            for mid in t.get("items", []):
                m = self.item(mid)
                if m is None:
                    continue
                if "function" in m["inner"]:
                    default = " (provided)" if m["inner"]["function"].get("has_body") else ""
                    self.add(f"{self.fn_sig(m['name'], m['inner']['function'])}{default}".replace("{path}", f"{path}::"))
                else:
                    self.member(path, m)
        elif "constant" in inner:
            self.add(f"const {path}: {self.ty(inner['constant']['type'])}")
        elif "static" in inner:
            self.add(f"static {path}: {self.ty(inner['static']['type'])}")
        elif "type_alias" in inner:
            self.add(f"type {path} = {self.ty(inner['type_alias']['type'])}")
        elif "macro" in inner:
            self.add(f"macro {path}!")
        else:
            self.add(f"{next(iter(inner))} {path}")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: public_api.py RUSTDOC_JSON")
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    lister = Lister(doc)
    root = lister.item(doc["root"])
    lister.walk(doc["root"], root["name"])
    for line in sorted(lister.lines):
        print(line)


if __name__ == "__main__":
    main()
