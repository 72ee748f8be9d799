#!/usr/bin/env python3
"""The engine's folder graph: which folder of engine/src includes which (the edges, with
how many #include lines make each), the cycles among folders, and the files over the
line limit. Exit 1 on a cycle or an over-long file, so the engine's test suite (ctest
`engine_folder_graph`) fails when a back-edge or a 400-line file comes back.

usage: python3 scripts/folder-graph.py [SRC_DIR] [--max-lines N] [--quiet]
"""
import collections
import pathlib
import re
import sys

kInclude = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder_of(rel: pathlib.PurePath) -> str:
    # Files at the root of src/ (api.cc) are the folder "." : the top of the graph.
    return rel.parts[0] if len(rel.parts) > 1 else '.'


def build_graph(src: pathlib.Path):
    edges = collections.Counter()
    folders = set()
    for path in sorted(src.rglob('*')):
        if path.suffix not in ('.h', '.cc') or not path.is_file():
            continue
        here = folder_of(path.relative_to(src))
        folders.add(here)
        for target in kInclude.findall(path.read_text()):
            target_path = src / target
            if not target_path.exists():
                continue  # a header of another tree (the public include/ dir, a test's)
            there = folder_of(pathlib.PurePath(target))
            if there != here:
                edges[(here, there)] += 1
    return folders, edges


def cycles(folders, edges):
    """Strongly connected components of more than one folder (Tarjan)."""
    out = collections.defaultdict(list)
    for a, b in edges:
        out[a].append(b)
    index, low, on_stack, stack, found = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in out[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(folders):
        if v not in index:
            visit(v)
    return found


def main(argv):
    args = [a for a in argv if not a.startswith('--')]
    max_lines = 400
    if '--max-lines' in argv:
        max_lines = int(argv[argv.index('--max-lines') + 1])
        args.remove(str(max_lines))
    src = pathlib.Path(args[0]) if args else pathlib.Path(__file__).resolve().parent.parent / 'engine' / 'src'
    folders, edges = build_graph(src)
    found = cycles(folders, edges)
    long_files = [(p.relative_to(src), n) for p in sorted(src.rglob('*'))
                  if p.suffix in ('.h', '.cc') and (n := len(p.read_text().splitlines())) > max_lines]
    if '--quiet' not in argv:
        print(f'{len(folders)} folders, {len(edges)} edges between them:')
        for (a, b), n in sorted(edges.items()):
            print(f'  {a} -> {b}  ({n} includes)')
    for component in found:
        back = [f'{a} -> {b}' for (a, b) in sorted(edges) if a in component and b in component]
        print(f'cycle among {", ".join(component)}: {"; ".join(back)}', file=sys.stderr)
    for rel, n in long_files:
        print(f'{rel}: {n} lines (limit {max_lines})', file=sys.stderr)
    return 1 if found or long_files else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
