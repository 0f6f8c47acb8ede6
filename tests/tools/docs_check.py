#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The documentation against the code (issue 39).

  keys      every INI key the binary knows (`dutperf -- trial --check`
            prints every key of the key table, cfg_keys.c, by section) has
            a row "| `KEY` |" under a docs/configuration.md heading naming
            its section
  options   every mode and option `dutperf -- --help` lists (the mode
            table, cli_opts.c) and every option of each offline tool's
            --help appears in docs/configuration.md
  examples  every `dutperf ...` line of a code block of README.md and
            docs/*.md runs with --check (EAL options dropped) and exits 0;
            every dutperf-stats, -plot, -report and -import-siitperf line
            runs on fixture data (tests/data) and exits 0
  links     every relative link of README.md and docs/*.md names a file
            that exists, and its #anchor a heading of that file

    docs_check.py --srcdir DIR --builddir DIR [--only CHECK]... [--docs DIR]

Every problem is printed as FILE:LINE: what; the exit status is 1 when
there is any, 0 otherwise.  --docs checks another copy of README.md and
docs/ (the scratch copies that show each check can fail).
"""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

TOOLS = {
    "dutperf": "src/dpdk/dutperf",
    "dutperf-stats": "src/stats/dutperf-stats",
    "dutperf-plot": "src/plot/dutperf-plot",
    "dutperf-report": "src/report/dutperf-report",
    "dutperf-import-siitperf": "src/import/dutperf-import-siitperf",
}

# Files an example may name that are the reader's own: checked with this
# repository file instead (the example's options are what is checked).
OWN_INI = {"my.ini": "conf/testbed-ipv4.ini", "nat.ini": "conf/testbed-nat44.ini",
           "campaign.ini": "conf/campaign-rfc2544.ini"}

# Input files of the offline tools' examples that are not in the tree: the
# fixture of the same kind (by the file's name, then its directory's).
FIXTURES = [
    (r"(^|/)before(/rate\.csv)?$", "tests/data/stats/before.csv"),
    (r"(^|/)after(/rate\.csv)?$", "tests/data/stats/after.csv"),
    (r"frate\.csv$", "tests/data/plot/frate-routed.csv"),
    (r"rate\.csv$", "tests/data/stats/siitperf-rate.csv"),
    (r"flr\.csv$", "tests/data/plot/flr-routed.csv"),
    (r"latency\.csv$", "tests/data/plot/latency.csv"),
    (r"pdv\.csv$", "tests/data/plot/pdv.csv"),
    (r"monitor\.csv$", "tests/data/plot/monitor.csv"),
    (r"\.conf$", "tests/data/siitperf/readme_ipv4_multi.conf"),
    (r"^results/batch$|^results/tput", "tests/data/plot/batch"),
    (r"^results/", "tests/data/plot/link"),
]

problems = []


def problem(where, what):
    problems.append("%s: %s" % (where, what))


def run(argv, cwd, stdin=None):
    p = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def doc_files(docs):
    return [os.path.join(docs, "README.md")] + \
        sorted(glob.glob(os.path.join(docs, "docs", "*.md")))


def rel(path, docs):
    return os.path.relpath(path, docs)


# ---------------------------------------------------------------- keys

def conf_sections(text):
    """{section: [(line, heading)]}: the key-table rows under each heading
    of configuration.md that names sections ("### [left] and [right]")."""
    rows = {}
    heads = []
    for no, line in enumerate(text.splitlines(), 1):
        if line.startswith("#"):
            heads = re.findall(r"\[([a-z0-9_]+)\]", line)
            continue
        m = re.match(r"\|\s*`([a-z0-9_]+)`\s*\|", line)
        if m:
            for s in heads:
                rows.setdefault(s, set()).add(m.group(1))
    return rows


def check_keys(a, docs):
    rc, out, err = run([a.bin["dutperf"], "--", "trial", "-c",
                        "conf/dutperf.ini", "--check"], a.srcdir)
    if rc != 0:
        problem("dutperf --check", "exit status %d: %s" % (rc, err.strip()))
        return
    keys, sec = [], None
    for line in out.splitlines():
        m = re.match(r"\[([a-z0-9_]+)\]$", line)
        if m:
            sec = m.group(1)
        m = re.match(r"([a-z0-9_]+) =", line)
        if m and sec:
            keys.append((sec, m.group(1)))
    if len(keys) < 100:
        problem("dutperf --check", "only %d keys printed" % len(keys))
    path = os.path.join(docs, "docs", "configuration.md")
    rows = conf_sections(open(path).read())
    for s, k in keys:
        if k not in rows.get(s, ()):
            problem(rel(path, docs), "[%s] %s: no row \"| `%s` |\" under a "
                    "heading naming [%s]" % (s, k, k, s))


# ---------------------------------------------------------------- options

def help_options(text):
    return sorted(set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])(?![\w-])",
                                 text)))


def check_options(a, docs):
    path = os.path.join(docs, "docs", "configuration.md")
    conf = open(path).read()
    rc, out, err = run([a.bin["dutperf"], "--", "--help"], a.srcdir)
    if rc != 0:
        problem("dutperf --help", "exit status %d" % rc)
        return
    modes = re.findall(r"^  ([a-z0-9]+) {2,}", out.split("Options")[0], re.M)
    if len(modes) < 10:
        problem("dutperf --help", "only %d modes" % len(modes))
    for mode in modes:
        if not re.search(r"^\| `%s` \|" % mode, conf, re.M):
            problem(rel(path, docs), "mode %s: no row \"| `%s` |\"" % (mode, mode))
    cmdline = re.search(r"^## Command line$(.*?)(?=^## )", conf, re.M | re.S)
    cmdline = cmdline.group(1) if cmdline else ""
    for opt in help_options(out):
        if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(opt), cmdline):
            problem(rel(path, docs), "dutperf option %s not in \"Command "
                    "line\"" % opt)
    for tool in TOOLS:
        if tool == "dutperf":
            continue
        rc, out, err = run([a.bin[tool], "--help"], a.srcdir)
        if rc != 0:
            problem(tool + " --help", "exit status %d" % rc)
            continue
        # the tool's own section: from its heading to the next one
        m = re.search(r"^#+ [^\n]*`%s`[^\n]*$(.*?)(?=^#+ |\Z)" % re.escape(tool),
                      conf, re.M | re.S)
        if not m:
            problem(rel(path, docs), "%s: no heading naming `%s`" % (tool, tool))
            continue
        for opt in help_options(out):
            if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(opt), m.group(1)):
                problem(rel(path, docs), "%s option %s not documented in its "
                        "section" % (tool, opt))


# ---------------------------------------------------------------- examples

def code_lines(path):
    """(line number, command, INI, block) of each command line of a code
    block (block: its first line's number):
    four spaces in or inside ``` fences, continued lines joined; INI: the
    block's lines that are INI text ("[section]", "key = value"), which
    the example's own file (my.ini) holds over its stand-in."""
    lines = open(path).read().splitlines()
    fenced = False
    out = []
    block = []
    i = 0

    def flush():
        ini = "\n".join(c for _, c in block
                        if re.match(r"\[[a-z0-9_]+\]$|[a-z0-9_]+ *=", c))
        out.extend((no, c, ini, block[0][0]) for no, c in block)
        block.clear()
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            fenced = not fenced
            flush()
            i += 1
            continue
        if fenced or line.startswith("    ") or line.startswith("\t"):
            no, cmd = i + 1, line.strip()
            while cmd.endswith("\\") and i + 1 < len(lines):
                i += 1
                cmd = cmd[:-1] + " " + lines[i].strip()
            block.append((no, cmd))
        elif line.strip():
            flush()
        i += 1
    flush()
    return out


def synopsis(words):
    """A usage line, not an example: placeholders in capitals, choices."""
    return any(w in ("MODE", "KIND", "FILE...", "[options]", "|", "DIR",
                     "[DIR2]", "...") or w.startswith("[--") or
               re.fullmatch(r"[A-Z][A-Z0-9_.]*(\|[A-Z.]+)*", w)
               for w in words[1:])


def example_words(cmd):
    if cmd.startswith("$ "):
        cmd = cmd[2:]
    cmd = re.sub(r"\s+#.*$", "", cmd)
    try:
        words = shlex.split(cmd)
    except ValueError:
        return None
    if not words:
        return None
    name = os.path.basename(words[0])
    if name not in TOOLS:
        return None
    return [name] + words[1:]


def fixture(arg, srcdir):
    if os.path.exists(os.path.join(srcdir, arg)):
        return arg
    for pat, fx in FIXTURES:
        if re.search(pat, arg):
            return fx
    return None


def ini_over(base, over):
    """base with the keys over sets taken out, then over appended."""
    keys, sec = set(), None
    for line in over.splitlines():
        m = re.match(r"\[([a-z0-9_]+)\]$", line.strip())
        if m:
            sec = m.group(1)
        m = re.match(r"([a-z0-9_]+) *=", line.strip())
        if m and sec:
            keys.add((sec, m.group(1)))
    out, sec = [], None
    for line in base.splitlines():
        m = re.match(r"\[([a-z0-9_]+)\]", line.strip())
        if m:
            sec = m.group(1)
        m = re.match(r"([a-z0-9_]+) *=", line.strip())
        if m and (sec, m.group(1)) in keys:
            continue
        out.append(line)
    return "\n".join(out) + "\n" + over + "\n"


def check_example(a, where, words, tmp, ini=""):
    tool = words[0]
    argv = words[1:]
    into = None
    if ">" in argv:
        i = argv.index(">")
        into = argv[i + 1] if i + 1 < len(argv) else None
        argv = argv[:i]
    if tool == "dutperf":
        if "--" not in argv:
            problem(where, "dutperf example without -- before the mode")
            return
        app = argv[argv.index("--") + 1:]
        if app[:1] in (["--help"], ["-h"], ["--version"], ["-V"]):
            return
        fixed = []
        for i, w in enumerate(app):
            prev = app[i - 1] if i else ""
            if prev in ("-c", "--config") and \
                    os.path.exists(os.path.join(tmp, "made", w)):
                # written by an example before it (import > my.ini)
                w = os.path.join(tmp, "made", w)
            elif prev in ("-c", "--config") and w in OWN_INI:
                w = OWN_INI[w]
                if ini:
                    own = os.path.join(tmp, "own.ini")
                    with open(own, "w") as f:
                        f.write(ini_over(open(os.path.join(a.srcdir, w)).read(),
                                         ini))
                    w = own
            if prev in ("-o", "--outdir"):
                w = os.path.join(tmp, "out", w.strip("/").replace("/", "_"))
            fixed.append(w)
        # the EAL options as given ("[EAL]" stands for the reader's own:
        # left out), for --check's lcore checks
        eal = [w for w in argv[:argv.index("--")] if not w.startswith("[")
               and not w.endswith("]")]
        cmd = [a.bin["dutperf"]] + eal + ["--"] + fixed + ["--check"]
    else:
        cmd = [a.bin[tool]]
        prev = ""
        for i, w in enumerate(argv):
            arg = w
            if prev in ("-o", "--output", "-s", "--script"):
                arg = os.path.join(tmp, os.path.basename(w))
            elif not w.startswith("-") and prev not in (
                    "-l", "--label", "-t", "--title", "-C", "--column",
                    "-c", "--confidence", "-g", "--link-gbps") and \
                    not (tool in ("dutperf-plot", "dutperf-stats") and i == 0):
                arg = fixture(w, a.srcdir)
                if tool == "dutperf-report" and arg is not None and \
                        not os.path.isdir(os.path.join(a.srcdir, arg)):
                    arg = "tests/data/plot/link"
                if arg is None:
                    problem(where, "%s: no fixture for %s" % (tool, w))
                    return
            cmd.append(arg)
            prev = w
    rc, out, err = run(cmd, a.srcdir)
    if rc == 0 and into and tool != "dutperf":
        with open(os.path.join(tmp, "made", os.path.basename(into)), "w") as f:
            f.write(out)
    if rc != 0:
        problem(where, "%s exits %d: %s" % (" ".join(words), rc,
                                            (err.strip().splitlines() or [""])[-1]))


def check_examples(a, docs):
    n = 0
    with tempfile.TemporaryDirectory() as tmp:
        os.mkdir(os.path.join(tmp, "out"))
        os.mkdir(os.path.join(tmp, "made"))
        last = None
        for path in doc_files(docs):
            for no, cmd, ini, blk in code_lines(path):
                # what an example writes is the next ones' of its block
                if (path, blk) != last:
                    last = (path, blk)
                    for f in os.listdir(os.path.join(tmp, "made")):
                        os.unlink(os.path.join(tmp, "made", f))
                words = example_words(cmd)
                if words is None or synopsis(words):
                    continue
                n += 1
                check_example(a, "%s:%d" % (rel(path, docs), no), words, tmp,
                              ini)
    if n < 20:
        problem("examples", "only %d found" % n)
    return n


# ---------------------------------------------------------------- links

def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[`*_]", lambda m: "_" if m.group(0) == "_" else "", s)
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path):
    seen = {}
    out = set()
    fenced = False
    for line in open(path).read().splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        m = re.match(r"#+\s+(.*?)\s*#*$", line)
        if m:
            s = slug(m.group(1))
            k = seen.get(s, 0)
            seen[s] = k + 1
            out.add(s if k == 0 else "%s-%d" % (s, k))
    return out


def check_links(a, docs):
    n = 0
    for path in doc_files(docs):
        text = open(path).read()
        text = re.sub(r"```.*?```", lambda m: "\n" * m.group(0).count("\n"),
                      text, flags=re.S)
        for no, line in enumerate(text.splitlines(), 1):
            if line.startswith("    "):
                continue
            line = re.sub(r"`[^`]*`", "", line)
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"[a-z]+:", target):
                    continue
                n += 1
                where = "%s:%d" % (rel(path, docs), no)
                file, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) \
                    if file else path
                # links out of the docs copy go to the source tree
                if not os.path.exists(dest) and file:
                    alt = os.path.normpath(os.path.join(
                        a.srcdir, os.path.relpath(os.path.dirname(path), docs), file))
                    dest = alt
                if not os.path.exists(dest):
                    problem(where, "link %s: no such file" % target)
                    continue
                if anchor and dest.endswith(".md") and anchor not in anchors(dest):
                    problem(where, "link %s: no heading #%s in %s" %
                            (target, anchor, os.path.basename(dest)))
    return n


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--srcdir", required=True)
    p.add_argument("--builddir", required=True)
    p.add_argument("--docs", help="the copy of README.md and docs/ to check")
    p.add_argument("--only", action="append",
                   choices=["keys", "options", "examples", "links"])
    a = p.parse_args()
    a.srcdir = os.path.abspath(a.srcdir)
    docs = os.path.abspath(a.docs or a.srcdir)
    a.bin = {t: os.path.join(os.path.abspath(a.builddir), b) for t, b in TOOLS.items()}
    only = a.only or ["keys", "options", "examples", "links"]
    said = []
    if "keys" in only:
        check_keys(a, docs)
        said.append("keys")
    if "options" in only:
        check_options(a, docs)
        said.append("options")
    if "examples" in only:
        said.append("%d examples" % check_examples(a, docs))
    if "links" in only:
        said.append("%d links" % check_links(a, docs))
    for line in problems:
        print(line)
    if problems:
        print("docs_check: %d problem(s)" % len(problems), file=sys.stderr)
        return 1
    print("docs_check: ok (%s)" % ", ".join(said))
    return 0


if __name__ == "__main__":
    sys.exit(main())
