#!/usr/bin/env python3
"""Issue 31: no function in Sources/ over 80 lines (a long function does more than one job).

Usage: python3 Scripts/function-length-check.py [--limit N] [--list] [--self-test] [FILE...]

Counts every `func`, `init`, `deinit`, `subscript` and computed `var` from the line of its keyword
to the line of its closing brace, both included. Braces inside comments (nested block comments
too) and string literals (single-line, multi-line `\"\"\"`, raw `#"..."#`, with interpolations that
hold strings of their own) are not counted. Prints `path:line: error: ...` for each function over
the limit that the allow-list below does not name, and fails when an allow-list entry names no such
function (so the list only shrinks). `--list` prints every function over the limit, allowed or not.
"""

import os
import re
import subprocess
import sys

LIMIT = 80

# Functions allowed over the limit: "path:Type.name" (the name as the errors print it), each with
# the reason it stays long. Keep it short; split the function instead when you can.
ALLOWED = {
    # The status analysis's hot loop, kept whole on purpose: split into a node-list struct and a
    # per-state effects step it cost 23M more instructions on `flowbench --profile lint-graph
    # --states 10000` with the append out of line, and 290M more with it forced inline (the
    # compiler then took the node itself out of line). Measured with callgrind, 2026-12-04.
    "Sources/FlowLint/Analysis/StatusAnalysis.swift:AnalysisStorage.statusFacts": "hot loop (callgrind)",
}

DECL_WORDS = {"func", "init", "deinit", "subscript"}
TYPE_WORDS = {"struct", "class", "enum", "extension", "actor", "protocol"}
# Words that start something other than the pending function's body: a `{` after them is not it.
CLEARING_WORDS = {
    "let", "var", "case", "typealias", "associatedtype", "import", "if", "guard", "for", "while",
    "switch", "do", "return", "repeat", "defer", "catch", "else", "throw",
}


def blank(text):
    """The text with every comment and string literal replaced by spaces (newlines kept), so that
    only code braces remain. Interpolations are blanked with the string around them."""
    out = list(text)
    n = len(text)
    i = 0

    def erase(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def skip_comment(i):
        if text.startswith("//", i):
            j = text.find("\n", i)
            return n if j < 0 else j
        depth, j = 0, i
        while j < n:
            if text.startswith("/*", j):
                depth, j = depth + 1, j + 2
            elif text.startswith("*/", j):
                depth, j = depth - 1, j + 2
                if depth == 0:
                    return j
            else:
                j += 1
        return n

    def skip_string(i):
        """i is at the first `#` or `"` of a literal; returns the index just past its end."""
        hashes = 0
        while i < n and text[i] == "#":
            hashes, i = hashes + 1, i + 1
        multi = text.startswith('"""', i)
        i += 3 if multi else 1
        close = ('"""' if multi else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if text.startswith(escape, i):
                j = i + len(escape)
                if j < n and text[j] == "(":
                    i = skip_code(j + 1, ")")
                else:
                    i = j + 1
            elif text.startswith(close, i):
                return i + len(close)
            elif text[i] == "\n" and not multi:
                return i  # unterminated: the compiler reports it; stop at the line's end
            else:
                i += 1
        return n

    def skip_code(i, closer):
        """Code inside an interpolation, up to its matching `)`; returns the index past it."""
        depth = 0
        while i < n:
            c = text[i]
            if text.startswith("//", i) or text.startswith("/*", i):
                i = skip_comment(i)
            elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 8])):
                i = skip_string(i)
            elif c == "(":
                depth, i = depth + 1, i + 1
            elif c == closer and depth == 0:
                return i + 1
            elif c == ")":
                depth, i = depth - 1, i + 1
            else:
                i += 1
        return n

    while i < n:
        c = text[i]
        if text.startswith("//", i) or text.startswith("/*", i):
            j = skip_comment(i)
            erase(i, j)
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 8])):
            j = skip_string(i)
            erase(i, j)
            i = j
        else:
            i += 1
    return "".join(out)


TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\S|\n")


def functions(text):
    """Yields (line, name, length) for every function-like declaration with a body."""
    code = blank(text)
    line = 1
    pending = None  # (kind, name, line) of a declaration whose `{` has not come yet
    scopes = []  # (kind, name, line) per open brace; kind None for a closure or statement
    parens, outer_parens = 0, []  # depth of ( and [ inside the innermost brace, and outside it
    tokens = [(m.group(0), m.start()) for m in TOKEN.finditer(code)]
    for index, (tok, pos) in enumerate(tokens):
        nxt = tokens[index + 1][0] if index + 1 < len(tokens) else ""
        prev = tokens[index - 1][0] if index else ""
        if tok == "\n":
            line += 1
            if pending and pending[0] == "var":
                pending = None  # a computed property opens its body on its own line
        elif tok in "([":
            parens += 1
        elif tok in ")]":
            parens -= 1
        elif tok == "{":
            scopes.append(pending or (None, None, line))
            outer_parens.append(parens)
            pending, parens = None, 0
        elif tok == "}":
            pending = None
            parens = outer_parens.pop() if outer_parens else 0
            if scopes:
                kind, name, start = scopes.pop()
                if kind in DECL_WORDS or kind == "var":
                    owner = ".".join(s[1] for s in scopes if s[0] in TYPE_WORDS)
                    yield start, (owner + "." if owner else "") + name, line - start + 1
        elif tok in (";", "="):
            if pending and (pending[0] == "var" or tok == ";"):
                pending = None
        elif prev == ".":
            continue  # `.init(`, `self.init`: a call, not a declaration
        elif tok in DECL_WORDS:
            name = tok
            if tok == "func":
                m = re.match(r"func\s+([^\s(<]+)", code[pos:pos + 200])
                name = m.group(1) if m else "func"
            pending = (tok, name, line)
        elif tok == "var" and re.match(r"var\s+\w+\s*:[^=\n{]*\{", code[pos:pos + 300]):
            pending = ("var", re.match(r"var\s+(\w+)", code[pos:]).group(1), line)
        elif tok in TYPE_WORDS and re.match(r"[A-Za-z_]", nxt) and nxt not in DECL_WORDS | {"var"}:
            m = re.match(r"\w+\s+([\w.]+)", code[pos:pos + 200])
            pending = (tok, m.group(1) if m else tok, line)
        elif tok in CLEARING_WORDS and parens == 0:  # not an argument label: `for ref:`
            pending = None


def source_files(root):
    listed = subprocess.run(
        ["git", "ls-files", "Sources/*.swift"], cwd=root, capture_output=True, text=True, check=True)
    return [path for path in listed.stdout.split("\n") if path]


def self_test():
    sample = '''struct S {
    func short() { let s = "}}}"; _ = s }
    // func commented() {
    /* nested /* } */ { */
    func strings() -> String {
        let a = """
            } { "
            \\(["}"].joined()) }
            """
        let b = #"} "# + #"""
            }"}
            """#
        let c = "// not a comment {" + "/* nor this { */"
        return a + b + c + "\\("}" + "{")"
    }
    var computed: Int {
        get { 1 }
    }
    var stored: Int = { 2 }()
    init?(x: Int) {
        for var y in [x] { y += 1 }
        self.init()
    }
}
protocol P {
    func requirement()
    var property: Int { get }
}
extension S {
    func later() {}
}
'''
    got = [(line, name, length) for line, name, length in functions(sample)]
    want = [
        (2, "S.short", 1), (5, "S.strings", 11), (16, "S.computed", 3), (20, "S.init", 4),
        (27, "P.property", 1), (30, "S.later", 1),
    ]
    if got != want:
        print(f"self-test failed:\n  got  {got}\n  want {want}")
        return 1
    print("function-length-check self-test passed")
    return 0


def main(argv):
    limit, show_all, paths = LIMIT, False, []
    args = iter(argv)
    for arg in args:
        if arg == "--limit":
            limit = int(next(args))
        elif arg == "--list":
            show_all = True
        elif arg == "--self-test":
            return self_test()
        else:
            paths.append(arg)
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    os.chdir(root)
    check_allowed = not paths
    paths = paths or source_files(root)
    failures, seen = 0, set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for line, name, length in functions(text):
            if length <= limit:
                continue
            key = f"{path}:{name}"
            allowed = key in ALLOWED and limit == LIMIT
            seen.add(key)
            if show_all or not allowed:
                kind = "note" if allowed else "error"
                print(f"{path}:{line}: {kind}: function '{name}' is {length} lines (limit {limit})")
            failures += 0 if allowed else 1
    stale = sorted(set(ALLOWED) - seen) if check_allowed and limit == LIMIT else []
    for key in stale:
        print(f"{key}: error: allow-list entry names no function over {limit} lines; delete it")
    if failures or stale:
        print(f"{failures} function(s) over {limit} lines; split them into named steps "
              "(or, for a pure data table, add them to ALLOWED in Scripts/function-length-check.py "
              "with the reason)")
        return 1
    print(f"no function over {limit} lines in {len(paths)} files ({len(ALLOWED)} allowed)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
