#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""deps: the dependencies between dutperf's source files, their circles
and their arrows back up.

A file depends on another when it
  - #includes it ("..." includes that resolve to a file of the tree),
  - references a symbol the other's object file defines (nm of the
    build's objects: a U symbol of one, defined in the other), or
  - calls a static inline function of a header, or is a header whose
    inline function calls a symbol another object defines (read from the
    source text, comments and strings left out: nm cannot see inlines).

The layers are the folders (LAYERS: each with the layers directly below
it; a file may depend on its own layer and on any layer below it, through
any chain; an edge to any other layer is an arrow back up, also one
sideways to a layer that is neither above nor below):
  the core (src/core/<layer>/, each header of include/dutperf in the
  layer of the module of its name):
    base < cfg < frame < results < rx < proc < dut, mlr, stateful < campaign
    < cli; proc < mport < cli
  the DPDK layer above the core (src/dpdk/<layer>/):
    trial < driver < modes < main (src/dpdk/main.c)
  the offline tools above the core, beside the DPDK layer:
    tool < plot < report; tool < stats; import
A header's inline function calling the source of the same name (an
inline fast path in include/dutperf/X.h, its slow path in
src/core/<layer>/X.c) is no dependency: the two are one module.  struct
mode_ctx and struct mode_ops are the driver's: a file of a layer below it
using them is an arrow back up too.

A circle is an elementary cycle of the file graph (Johnson's algorithm);
a tangle is a strongly connected component of more than one file (the
files of all the circles through it).

deps.py [--root DIR] [--build DIR] [--verbose] [--check] [--allow FILE]
prints the counts (and with --verbose every circle and arrow).  --check:
exit 1 when a circle or an arrow back up is not in the allow file (lines
"A -> B", # comments: a circle is allowed when one of its arrows is), 0
otherwise; 77 (skipped) without a build or nm.  --selftest: the counts
of a small tree made and compiled here, whose answer is known.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

# Each layer and the layers directly below it, lowest first.
LAYERS = [
    ("base", []), ("cfg", ["base"]), ("frame", ["cfg"]),
    ("results", ["frame"]), ("rx", ["results"]), ("proc", ["rx"]),
    ("dut", ["proc"]), ("mlr", ["proc"]), ("stateful", ["proc"]),
    ("campaign", ["mlr", "stateful", "dut"]), ("mport", ["proc"]),
    ("cli", ["campaign", "mport"]),
    ("trial", ["cli"]), ("driver", ["trial"]), ("modes", ["driver"]),
    ("main", ["modes"]),
    ("tool", ["cli"]), ("plot", ["tool"]), ("report", ["plot"]),
    ("stats", ["tool"]), ("import", ["cli"]),
]
LAYER_NAMES = [n for n, _ in LAYERS]
SCAN_DIRS = ["src/core", "include/dutperf", "src/dpdk", "src/tool",
             "src/plot", "src/report", "src/stats", "src/import"]
# headers of include/dutperf whose module has another name
HEADER_LAYER = {"frame": "frame", "frame_fast": "frame", "cfg": "cfg",
                "cli": "cli"}


def below(name):
    """The layers below a layer, through any chain."""
    out, todo = set(), list(dict(LAYERS)[name])
    while todo:
        x = todo.pop()
        if x not in out:
            out.add(x)
            todo.extend(dict(LAYERS)[x])
    return out


BELOW = {n: below(n) for n in LAYER_NAMES}
_core_layer = {}


def core_module_layer(root, name):
    """The layer (folder) of src/core/<layer>/<name>.c, or None."""
    if not _core_layer:
        core = os.path.join(root, "src/core")
        for d in sorted(os.listdir(core)) if os.path.isdir(core) else []:
            if os.path.isdir(os.path.join(core, d)):
                for f in os.listdir(os.path.join(core, d)):
                    if f.endswith(".c"):
                        _core_layer[f[:-2]] = d
    return _core_layer.get(name)


ROOT = "."


def layer_of(path):
    """The layer of a file of SCAN_DIRS, or None when it has none."""
    parts = path.split("/")
    if parts[:2] == ["include", "dutperf"] and len(parts) == 3:
        name = parts[2][:-2]
        lay = HEADER_LAYER.get(name) or core_module_layer(ROOT, name)
        return lay if lay in BELOW else None
    if parts[:2] == ["src", "core"] and len(parts) == 4:
        return parts[2] if parts[2] in BELOW else None
    if parts[:2] == ["src", "dpdk"]:
        if len(parts) == 3:
            return "main" if parts[2] == "main.c" else None
        return parts[2] if parts[2] in BELOW and len(parts) == 4 else None
    if parts[0] == "src" and len(parts) == 3 and parts[1] in BELOW:
        return parts[1]
    return None


def is_up(a, b):
    """Is an edge from layer a to layer b an arrow back up?"""
    return a != b and b not in BELOW[a]


def strip_c(text):
    """C text with comments and string/char literals blanked (lines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def source_files(root):
    files = []
    for d in SCAN_DIRS:
        full = os.path.join(root, d)
        for dirpath, dirnames, names in sorted(os.walk(full)):
            dirnames.sort()
            rel = os.path.relpath(dirpath, root)
            for name in sorted(names):
                if name.endswith((".c", ".h")):
                    files.append(rel + "/" + name)
    return files


INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def include_edges(root, files):
    """{(a, b): {"#include"}} for each resolvable "..." include."""
    known = set(files)
    edges = {}
    for f in files:
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            text = fh.read()
        for name in INCLUDE_RE.findall(text):
            for cand in (os.path.normpath(os.path.join(os.path.dirname(f),
                                                       name)),
                         "include/" + name):
                if cand in known:
                    edges.setdefault((f, cand), set()).add("#include")
                    break
    return edges


def objects(root, build):
    """{source: object} from compile_commands.json: the first object of
    each source of the tree (the dutperf program and the core library;
    bench/ and tests/ objects compile the same sources again)."""
    path = os.path.join(build, "compile_commands.json")
    with open(path, encoding="utf-8") as fh:
        cmds = json.load(fh)
    objs = {}
    for c in cmds:
        out = c.get("output", "")
        if out.startswith(("bench/", "tests/")):
            continue
        src = os.path.normpath(os.path.join(c["directory"], c["file"]))
        rel = os.path.relpath(src, root)
        if rel.startswith("..") or rel in objs:
            continue
        objs[rel] = os.path.join(c["directory"], out)
    return objs


class NmError(Exception):
    pass


def nm_symbols(nm, obj):
    """(defined, undefined) global symbol names of an object."""
    res = subprocess.run([nm, "--defined-only", "-g", "-P", obj],
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise NmError("%s %s: %s" % (nm, obj, res.stderr.strip()))
    defined = {l.split()[0] for l in res.stdout.splitlines() if l.strip()}
    res = subprocess.run([nm, "--undefined-only", "-g", "-P", obj],
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise NmError("%s %s: %s" % (nm, obj, res.stderr.strip()))
    undef = {l.split()[0] for l in res.stdout.splitlines() if l.strip()}
    return defined, undef


INLINE_RE = re.compile(r"\bstatic\s+(?:inline|__inline__)\b")
ATTR_RE = re.compile(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)")
CALL_RE = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
IDENT_RE = re.compile(r"\b([A-Za-z_]\w*)\b")


def inline_bodies(text):
    """{name: body} of the static inline function definitions of a text."""
    out = {}
    for mt in INLINE_RE.finditer(text):
        brace, semi = text.find("{", mt.end()), text.find(";", mt.end())
        if brace < 0 or (0 <= semi < brace):
            continue		# a declaration
        name = CALL_RE.search(ATTR_RE.sub(" ", text[mt.end():brace]))
        if name is None:
            continue
        i, depth = brace + 1, 1
        while i < len(text) and depth > 0:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out[name.group(1)] = text[brace + 1:i - 1]
    return out


def call_edges(root, build, files, nm):
    edges = {}
    texts = {}
    for f in files:
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            texts[f] = strip_c(fh.read())
    where = {}			# symbol -> the source defining it
    undefs = {}
    for src, obj in objects(root, build).items():
        if src not in texts or not os.path.exists(obj):
            continue
        defined, undef = nm_symbols(nm, obj)
        for s in defined:
            where.setdefault(s, src)
        undefs[src] = undef
    for src, undef in undefs.items():
        for s in undef:
            to = where.get(s)
            if to is not None and to != src:
                edges.setdefault((src, to), set()).add(s)
    # static inline functions of headers: who calls them, what they call
    inlines = {}
    for f in files:
        if f.endswith(".h"):
            for name, body in inline_bodies(texts[f]).items():
                inlines[name] = (f, body)
    for name, (hdr, body) in inlines.items():
        for s in set(CALL_RE.findall(body)):
            to = where.get(s)
            if to is not None and to != hdr:
                edges.setdefault((hdr, to), set()).add(s)
    for f in files:
        used = set(IDENT_RE.findall(texts[f]))
        for name in used:
            if name in inlines and inlines[name][0] != f:
                edges.setdefault((f, inlines[name][0]), set()).add(name)
    return edges


def circles(nodes, adj, limit=100000):
    """Elementary cycles (Johnson), each as a list of nodes from its least,
    at most limit."""
    order = sorted(nodes)
    found = []
    for i, start in enumerate(order):
        if len(found) >= limit:
            break
        sub = set(order[i:])
        sub_adj = {v: {w for w in adj.get(v, ()) if w in sub} for v in sub}
        comp = next((set(c) for c in tangles(sub, sub_adj) if start in c),
                    None)
        if comp is None:
            continue	# start is on no circle of the nodes from it on
        blocked, bmap, path = {start}, {}, [start]

        def unblock(u):
            todo = [u]
            while todo:
                w = todo.pop()
                if w in blocked:
                    blocked.discard(w)
                    todo.extend(bmap.pop(w, ()))

        def succ(v):
            return iter(sorted(w for w in adj.get(v, ()) if w in comp))

        stack = [(start, succ(start), False)]
        while stack and len(found) < limit:
            u, it, closed = stack[-1]
            w = next(it, None)
            if w is None:
                stack.pop()
                if closed:
                    unblock(u)
                else:
                    for x in adj.get(u, ()):
                        if x in comp:
                            bmap.setdefault(x, set()).add(u)
                path.pop()
                if stack:
                    pu, pit, pclosed = stack[-1]
                    stack[-1] = (pu, pit, pclosed or closed)
            elif w == start:
                found.append(list(path))
                stack[-1] = (u, it, True)
            elif w not in blocked:
                path.append(w)
                blocked.add(w)
                stack.append((w, succ(w), False))
    return found


def own_source(hdr, src):
    """Is src the source of the same name as header hdr (one module)?"""
    if not (hdr.endswith(".h") and src.endswith(".c")):
        return False
    hd, hb = os.path.split(hdr[:-2])
    sd, sb = os.path.split(src[:-2])
    return hb == sb and (hd == sd or (hd == "include/dutperf" and
                                      sd.startswith("src/core/")))


# types of a higher layer than the header declaring them
TYPE_LAYER = {"mode_ctx": "driver", "mode_ops": "driver"}
TYPE_RE = re.compile(r"\bstruct\s+(%s)\b" % "|".join(TYPE_LAYER))


def type_edges(root, files):
    """{(f, "struct T"): ...} for files below the layer of a type they use."""
    out = {}
    for f in files:
        if not f.endswith(".c"):
            continue
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            text = strip_c(fh.read())
        for t in set(TYPE_RE.findall(text)):
            if is_up(layer_of(f), TYPE_LAYER[t]):
                out[(f, "struct " + t)] = TYPE_LAYER[t]
    return out


def tangles(nodes, adj):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, comps = {}, {}, [], set(), []
    for v0 in sorted(nodes):
        if v0 in index:
            continue
        index[v0] = low[v0] = len(index)
        stack.append(v0)
        on.add(v0)
        work = [(v0, iter(sorted(adj.get(v0, ()))))]
        while work:
            u, it = work[-1]
            w = next(it, None)
            if w is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[u])
                if low[u] == index[u]:
                    comp = []
                    while True:
                        x = stack.pop()
                        on.discard(x)
                        comp.append(x)
                        if x == u:
                            break
                    if len(comp) > 1:
                        comps.append(sorted(comp))
            elif w not in index:
                index[w] = low[w] = len(index)
                stack.append(w)
                on.add(w)
                work.append((w, iter(sorted(adj.get(w, ())))))
            elif w in on:
                low[u] = min(low[u], index[w])
    return sorted(comps)


def read_allow(path):
    allow = set()
    if path is None:
        return allow
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if line:
                a, _, b = line.partition("->")
                allow.add((a.strip(), b.strip()))
    return allow


def analyse(root, build, nm):
    """(files, edges, circles, tangles, arrows up, type arrows up)."""
    global ROOT
    ROOT = root
    _core_layer.clear()
    files = source_files(root)
    unclassified = [f for f in files if layer_of(f) is None]
    if unclassified:
        raise ValueError("files without a layer (add them to layer_of): " +
                         ", ".join(unclassified))
    edges = include_edges(root, files)
    for k, v in call_edges(root, build, files, nm).items():
        if not own_source(k[0], k[1]):
            edges.setdefault(k, set()).update(v)
    adj = {}
    for (x, y) in edges:
        adj.setdefault(x, set()).add(y)
    cyc = circles(set(files), adj)
    tng = tangles(set(files), adj)
    up = sorted(e for e in edges if is_up(layer_of(e[0]), layer_of(e[1])))
    return files, edges, cyc, tng, up, type_edges(root, files)


# The self-test's tree: core a.c and b.c call each other (a circle); h.h's
# inline fast path calls its own h.c's slow path (no circle); engine.c
# (trial layer) calls driver.c (an arrow back up) and uses struct mode_ctx
# (another); mode_x.c calls down only; cfg's c.c calls proc's p.c (an
# arrow back up inside the core), p.c calls c.c (down: no arrow); the
# plot tool's q.c calls engine.c (sideways, from the offline tools to the
# DPDK layer: an arrow back up).
SELFTEST = {
    "src/core/base/a.c": "int b(void);\nint a(void) { return b(); }\n",
    "src/core/base/b.c": "int a(void);\nint b(void) { return a() + 1; }\n",
    "src/core/cfg/c.c": "int p(void);\nint c(void) { return p(); }\n",
    "src/core/proc/p.c": "int a(void);\nint p(void) { return a(); }\n",
    "src/plot/q.c": "int engine(void *);\nint q(void) { return engine(0); }\n",
    "include/dutperf/h.h": "int h_slow(int);\n"
                           "static inline int h_fast(int x) "
                           "{ return x ? x : h_slow(x); }\n",
    "src/core/frame/h.c": "#include \"dutperf/h.h\"\n"
                    "int h_slow(int x) { return h_fast(x + 1); }\n",
    "src/dpdk/trial/engine.c": "struct mode_ctx;\nint drive(void);\n"
                         "int engine(struct mode_ctx *m) "
                         "{ (void)m; return drive(); }\n",
    "src/dpdk/driver/driver.c": "int a(void);\nint drive(void) { return a(); }\n",
    "src/dpdk/modes/mode_x.c": "int drive(void);\nint engine(void *);\n"
                         "int mode_x(void) { return drive(); }\n",
}


def selftest(nm):
    import tempfile
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        print("deps --selftest: no C compiler: skipped")
        return 77
    with tempfile.TemporaryDirectory() as root:
        cmds = []
        for f, text in SELFTEST.items():
            os.makedirs(os.path.join(root, os.path.dirname(f)),
                        exist_ok=True)
            with open(os.path.join(root, f), "w", encoding="utf-8") as fh:
                fh.write(text)
            if f.endswith(".c"):
                out = f.replace("/", "_") + ".o"
                subprocess.run([cc, "-c", "-Iinclude", f, "-o", out],
                               cwd=root, check=True)
                cmds.append({"directory": root, "file": f, "output": out})
        with open(os.path.join(root, "compile_commands.json"), "w",
                  encoding="utf-8") as fh:
            json.dump(cmds, fh)
        files, edges, cyc, tng, up, up_types = analyse(root, root, nm)
    want = {
        "circles": [["src/core/base/a.c", "src/core/base/b.c"]],
        "tangles": [["src/core/base/a.c", "src/core/base/b.c"]],
        "up": [("src/core/cfg/c.c", "src/core/proc/p.c"),
               ("src/dpdk/trial/engine.c", "src/dpdk/driver/driver.c"),
               ("src/plot/q.c", "src/dpdk/trial/engine.c")],
        "up_types": [("src/dpdk/trial/engine.c", "struct mode_ctx")],
        "inline": ("src/core/frame/h.c", "include/dutperf/h.h"),
    }
    got = {
        "circles": sorted(sorted(c) for c in cyc),
        "tangles": tng,
        "up": up,
        "up_types": sorted(up_types),
        "inline": want["inline"] if want["inline"] in edges else None,
    }
    bad = [k for k in want if want[k] != got[k]]
    for k in bad:
        print("deps --selftest: %s: want %s, got %s" % (k, want[k], got[k]))
    if not bad:
        print("deps --selftest: %d files: 1 circle, 1 tangle, 4 arrows back "
              "up, as built" % len(files))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--root", default=os.path.normpath(
        os.path.join(here, "..", "..")))
    ap.add_argument("--build", default=None)
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--allow", default=None)
    ap.add_argument("--selftest", action="store_true")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    build = os.path.abspath(a.build or os.path.join(root, "build"))
    nm = shutil.which("gcc-nm") or shutil.which("nm")
    if nm is None:
        print("deps: no nm: skipped")
        return 77
    if a.selftest:
        return selftest(nm)
    if not os.path.exists(os.path.join(build, "compile_commands.json")):
        print("deps: no build (compile_commands.json) in %s: skipped" % build)
        return 77
    try:
        files, edges, cyc, tng, up, up_types = analyse(root, build, nm)
    except ValueError as e:
        print("deps: %s" % e)
        return 2
    except NmError as e:
        print("deps: %s: skipped" % e)
        return 77
    print("deps: %d files, %d dependencies, %d layers, %d circles in %d "
          "tangles, %d arrows back up" % (
              len(files), len(edges), len({layer_of(f) for f in files}),
              len(cyc), len(tng), len(up) + len(up_types)))
    allow = read_allow(a.allow)
    bad = 0
    for c in cyc:
        pairs = list(zip(c, c[1:] + c[:1]))
        allowed = any(p in allow for p in pairs)
        bad += not allowed
        if a.verbose or (a.check and not allowed):
            print("circle%s: %s" % (" (allowed)" if allowed else "",
                                  " -> ".join(c + c[:1])))
            for p in pairs:
                print("    %s -> %s: %s" % (p[0], p[1],
                                           ", ".join(sorted(edges[p])[:4])))
    for e in up:
        allowed = e in allow
        bad += not allowed
        if a.verbose or (a.check and not allowed):
            print("arrow back up%s: %s (%s) -> %s (%s): %s" % (
                " (allowed)" if allowed else "", e[0],
                layer_of(e[0]), e[1],
                layer_of(e[1]), ", ".join(sorted(edges[e]))))
    for (f, t), lay in sorted(up_types.items()):
        allowed = (f, t) in allow
        bad += not allowed
        if a.verbose or (a.check and not allowed):
            print("arrow back up%s: %s (%s) uses %s (%s)" % (
                " (allowed)" if allowed else "", f,
                layer_of(f), t, lay))
    if a.verbose:
        for comp in tng:
            print("tangle: " + ", ".join(comp))
    if a.check:
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
