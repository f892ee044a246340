#!/usr/bin/env python3
# The latency of `plint lsp`. Starts a server in ROOT (a client that shows progress) and times
# how long its index of the workspace takes to be ready (from the start of the process to the
# end of its `$/progress`); then opens ROOT/FILE and sends ten full edits one at a time, timing
# each until its diagnostics are published, less the 150 ms pause the server waits for more
# edits (each moves nothing the file defines), then six that each add a class (the index is
# assembled again); then 20 hovers and 20 definitions at LINE:COLUMN (0-based; by default the last
# variable of the file), each timed until its answer; then 10 find references (declarations
# included) of the first class or defined type the file defines, across the workspace; 20
# completions each of the variables at LINE:COLUMN, of every name at the start of that line
# (types and functions), and of the keys of `lookup('` and `$facts['` (in a line added last).
# Last, the server's peak memory (VmHWM).
#
#   python3 scripts/bench-lsp.py PLINT ROOT FILE [LINE:COLUMN]
import json, os, re, subprocess, sys, time
plint, root, rel = sys.argv[1], sys.argv[2], sys.argv[3]
started = time.time()
p = subprocess.Popen([plint, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=root)
def send(m):
    b = json.dumps(m).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def recv():
    n = None
    while True:
        line = p.stdout.readline().strip()
        if not line: break
        if line.startswith(b"Content-Length:"): n = int(line.split(b":")[1])
    return json.loads(p.stdout.read(n))
ids = [1]
def request(method, params):
    ids[0] += 1
    send({"jsonrpc":"2.0","id":ids[0],"method":method,"params":params})
    while True:
        m = recv()
        if m.get("id") == ids[0] and "method" not in m: return m
uri = "file://" + os.path.join(root, rel)
text = open(os.path.join(root, rel)).read()
if len(sys.argv) > 4:
    line, col = map(int, sys.argv[4].split(":"))
else:
    line, col = max((i, m.start() + 1) for i, l in enumerate(text.split("\n")) for m in re.finditer(r"\$[a-z_]", l))
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":None,"rootUri":"file://"+root,"capabilities":{"window":{"workDoneProgress":True}}}})
recv()
send({"jsonrpc":"2.0","method":"initialized","params":{}})
while True:
    m = recv()
    if m.get("method") == "$/progress" and m["params"]["value"]["kind"] == "end": break
ready = time.time() - started
said = m["params"]["value"].get("message", "")
times = []
for v in range(1, 12):
    t = time.time()
    if v == 1:
        send({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":uri,"languageId":"puppet","version":1,"text":text}}})
    else:
        send({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":uri,"version":v},"contentChanges":[{"text":text + "\n" * v}]}})
    while True:
        m = recv()
        if m.get("method") == "textDocument/publishDiagnostics": break
    times.append(time.time() - t)
found = len(m['params']['diagnostics'])
# Edits that change what the file defines (a class more each time): the index is assembled again.
defining = []
for v in range(12, 18):
    t = time.time()
    send({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":uri,"version":v},"contentChanges":[{"text":text + "".join(f"\nclass plint_bench_{i} {{ }}\n" for i in range(12, v + 1))}]}})
    while True:
        m = recv()
        if m.get("method") == "textDocument/publishDiagnostics": break
    defining.append((time.time() - t - 0.150) * 1000)
defining.sort()
def timed(method, at=None, runs=20, extra={}):
    l, c = at or (line, col)
    out = []
    for _ in range(runs):
        t = time.time()
        answer = request("textDocument/" + method, {"textDocument":{"uri":uri},"position":{"line":l,"character":c}, **extra})
        out.append((time.time() - t) * 1000)
    out.sort()
    return out, answer.get("result")
hovers, hover = timed("hover")
definitions, definition = timed("definition")
declared = next(((i, m.start(2) + 1) for i, l in enumerate(text.split("\n")) for m in [re.match(r"\s*(class|define)\s+([a-z][\w:]*)", l)] if m), None)
if declared:
    refs, found_refs = timed("references", declared, 10, {"context": {"includeDeclaration": True}})
# A last line reads a Hiera key and a fact: the text the completions of their keys are asked in.
final = text + "".join(f"\nclass plint_bench_{i} {{ }}\n" for i in range(12, 18)) + "\nnotice(lookup(''), $facts[''])\n"
send({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":uri,"version":18},"contentChanges":[{"text":final}]}})
last = final.count("\n") - 1
added = final.split("\n")[last]
places = [("variables", line, col), ("names", line, 0), ("Hiera keys", last, added.index("lookup('") + 8), ("facts", last, added.index("$facts['") + 8)]
completions = []
for kind, l, c in places:
    took, answer = timed("completion", (l, c))
    completions.append(f"{kind} at {l}:{c} median {took[10]:.1f} ms (max {took[-1]:.1f}, {len((answer or {}).get('items', []))} items)")
peak = next(l.split()[1] for l in open(f"/proc/{p.pid}/status") if l.startswith("VmHWM"))
send({"jsonrpc":"2.0","id":99,"method":"shutdown"}); recv(); send({"jsonrpc":"2.0","method":"exit"}); p.wait()
ms = sorted((x - 0.150) * 1000 for x in times[1:])
print(f"index ready {ready*1000:.0f} ms after start ({said})")
print(f"{rel}: open {1000*(times[0]-0.150):.0f} ms; edits: median {ms[len(ms)//2]:.0f} ms, min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms (after the 150 ms pause); {found} diagnostics")
print(f"edits that define a class more: median {defining[len(defining)//2]:.0f} ms, max {defining[-1]:.0f} ms")
print(f"at {line}:{col}: hover median {hovers[10]:.1f} ms (max {hovers[-1]:.1f}), {'an answer' if hover else 'none'}; definition median {definitions[10]:.1f} ms (max {definitions[-1]:.1f}), {'an answer' if definition else 'none'}")
if declared:
    print(f"references at {declared[0]}:{declared[1]}: median {refs[5]:.1f} ms (min {refs[0]:.1f}, max {refs[-1]:.1f}), {len(found_refs or [])} places in {len(set(r['uri'] for r in found_refs or []))} files")
print("completion: " + "; ".join(completions))
print(f"peak memory {int(peak)/1024:.0f} MB")
