"""Prints chapter 05's shared-memory counts from the CPU emulator beside Nsight Compute's.

Usage: compare_bank_counters.py EMULATOR_CSV NCU_CSV
The sample launches one kernel per variant, in the order of the emulator's CSV; Nsight
Compute lists the launches in the same order. Exits 1 if any count differs.
"""
import csv
import sys

METRICS = {
    "smsp__inst_executed_op_shared_ld.sum": "load_requests",
    "smsp__inst_executed_op_shared_st.sum": "store_requests",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": "load_wavefronts",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum": "store_wavefronts",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum": "load_conflicts",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum": "store_conflicts",
}
COLUMNS = ["load_requests", "load_wavefronts", "load_conflicts",
           "store_requests", "store_wavefronts", "store_conflicts"]


def read_ncu(path):
    launches = {}
    with open(path, newline="") as f:
        lines = [line for line in f if line.startswith('"')]  # skip ncu's own ==PROF== lines
    for row in csv.DictReader(lines):
        name = METRICS.get(row.get("Metric Name", ""))
        if name is None:
            continue
        launch = launches.setdefault(int(row["ID"]), {"kernel": row["Kernel Name"]})
        launch[name] = int(float(row["Metric Value"].replace(",", "")))
    return [launches[i] for i in sorted(launches)]


def main():
    with open(sys.argv[1], newline="") as f:
        emulated = list(csv.DictReader(f))
    measured = read_ncu(sys.argv[2])
    if len(measured) != len(emulated):
        print(f"ncu saw {len(measured)} launches, the emulator {len(emulated)}")
        return 1
    differ = 0
    print(f"{'variant':<24}" + "".join(f"{c:>22}" for c in COLUMNS) + "   equal")
    for e, m in zip(emulated, measured):
        if not m["kernel"].startswith(e["kernel"]):
            print(f"launch order mismatch: {e['kernel']} vs {m['kernel']}")
            return 1
        cells, same = [], True
        for c in COLUMNS:
            ours, theirs = int(e[c]), m.get(c, -1)
            same &= ours == theirs
            cells.append(f"{ours:>10} / {theirs:<9}")
        differ += not same
        verdict = "   yes" if same else "   NO"
        print(f"{e['variant']:<24}" + "".join(f"{x:>22}" for x in cells) + verdict)
    print("(each cell: emulator / Nsight Compute)")
    print(f"{len(emulated) - differ} of {len(emulated)} variants equal")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
