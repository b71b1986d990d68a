"""Every corpus effect against ReShade's own SPIR-V on a real GPU: `fxbench compare` over the 3D scene
and over the test card, 64 frames (so each pass's GPU time is a 60-frame moving average), one JSON
line per effect and input into OUT/results.jsonl and a summary into OUT/summary.txt.

Usage: reference_corpus_gpu.py SHARED_CORPUS OUT_DIR FXBENCH [scene,card]
(docs/REFERENCE.md has the figures it gave on an NVIDIA H200)."""
import json, os, subprocess, sys, time

corpus, out, fxbench = sys.argv[1], sys.argv[2], sys.argv[3]
inputs = sys.argv[4].split(",") if len(sys.argv) > 4 else ["scene", "card"]
effects = []
with open(os.path.join(corpus, "reshade-spirv/manifest.tsv")) as f:
    for line in f:
        if line.startswith("#") or not line.strip():
            continue
        effects.append(line.split("\t")[0])
results = open(os.path.join(out, "results.jsonl"), "w")
summary = []
start = time.time()
for which in inputs:
    agree = 0
    for eff in effects:
        fx = os.path.join(corpus, "reshadefx", eff)
        spv = os.path.join(corpus, "reshade-spirv", eff[: -len(".fx")] + ".spv")
        cmd = [fxbench, "compare", "--effect", fx, "--reference", spv, "--frames", "64",
               "--format", "json"]
        if which == "scene":
            cmd.append("--scene")
        t0 = time.time()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=90)
            rc, so, se = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            rc, so, se = -9, "", "timeout"
        row = {"effect": eff, "input": which, "rc": rc, "secs": round(time.time() - t0, 2)}
        try:
            row["report"] = json.loads(so)
        except Exception:
            row["stdout"] = so[-2000:]
        row["stderr"] = se[-2000:]
        results.write(json.dumps(row) + "\n")
        results.flush()
        agree += rc == 0
        summary.append(f"{which}\t{eff}\trc={rc}\t{row['secs']}s\t{se.strip()[-200:] if rc == 2 else ''}")
    summary.append(f"# {which}: {agree} of {len(effects)} agree (exit 0); {time.time() - start:.0f}s so far")
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write("\n".join(summary) + "\n")
print("\n".join(l for l in summary if l.startswith("#")))
