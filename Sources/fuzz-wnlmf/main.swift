// A libFuzzer target: see Tests/Fuzz/run.sh.
print("Build this target with Tests/Fuzz/run.sh")
