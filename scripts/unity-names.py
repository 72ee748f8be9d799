#!/usr/bin/env python3
"""Fails when two test files define a namespace-scope function of the same name.

The engine's test targets are a unity build (engine/CMakeLists.txt): several test files
are compiled as one translation unit, so their anonymous namespaces are one namespace.
Two classes or constants of one name there stop the build, but two functions of one
name and different parameters are overloads, and a call can silently reach the other
file's helper (packet_trace_test.cc's Scenario(0, 5) ran ns3_cubic_lowbdp_test.cc's
Scenario(int seed, bool) and 5 tests failed; with other helpers a test could pass while
checking the wrong thing). Usage: unity-names.py DIR (the *.cc files in it).
"""
import collections
import pathlib
import re
import sys

# At column 0: qualifiers, a return type (possibly templated, pointer or reference),
# the function's name, "(". Test macros and declarations of other kinds are skipped.
kDefinition = re.compile(
    r'^(?:(?:inline|static|constexpr|const)\s+)*(?:[\w:]+(?:<[^()]*>)?[\*&]?\s+)+[\*&]?([A-Za-z_]\w*)\('
)
kNotDefinitions = ('TEST', 'INSTANTIATE', 'return', 'using', 'class', 'struct', 'namespace', 'typedef')


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    where = collections.defaultdict(list)
    for path in sorted(pathlib.Path(sys.argv[1]).glob('*.cc')):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = kDefinition.match(line)
            if match and not line.startswith(kNotDefinitions):
                where[match.group(1)].append(f'{path.name}:{number}')
    clashes = {name: places for name, places in where.items() if len({p.split(':')[0] for p in places}) > 1}
    for name, places in sorted(clashes.items()):
        print(f'error: {name}() is defined in more than one test file: {", ".join(places)}; '
              'give each its own name (the unity build would make them overloads)', file=sys.stderr)
    if not clashes:
        print(f'{sum(len(p) for p in where.values())} helper functions, no name in two test files')
    return 1 if clashes else 0


if __name__ == '__main__':
    sys.exit(main())
