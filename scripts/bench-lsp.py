#!/usr/bin/env python3
# The latency of `plint lsp`: opens ROOT/FILE in a server started in ROOT, then sends ten full
# edits one at a time and times each until its diagnostics are published, less the 150 ms pause
# the server waits for more edits.
#
#   python3 scripts/bench-lsp.py PLINT ROOT FILE
import json, subprocess, sys, time, os
plint, root, rel = sys.argv[1], sys.argv[2], sys.argv[3]
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
uri = "file://" + os.path.join(root, rel)
text = open(os.path.join(root, rel)).read()
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":None,"rootUri":"file://"+root,"capabilities":{}}})
recv()
send({"jsonrpc":"2.0","method":"initialized","params":{}})
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
send({"jsonrpc":"2.0","id":2,"method":"shutdown"}); recv(); send({"jsonrpc":"2.0","method":"exit"}); p.wait()
ms = sorted((x - 0.150) * 1000 for x in times[1:])
print(f"{rel}: open {1000*(times[0]-0.150):.0f} ms; edits: median {ms[len(ms)//2]:.0f} ms, min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms (after the 150 ms pause); {len(m['params']['diagnostics'])} diagnostics")
