"""Prints the build graph of `opgen plan` (the JSON in argv[1]) as lines,
for FileCheck: the environment, each step (kind, comment, argv, inputs,
outputs, byproducts, depfile, clean; paths under argv[2] shown as <t>), the
library (its translation units with their language and includes, unity,
PCH header, defines, options, launchers), the targets, tests and installs,
and the text of the unity unit it wrote."""
import json
import os
import sys

plan = json.load(open(sys.argv[1]))
root = sys.argv[2]


def show(value):
    if isinstance(value, list):
        return " ".join(show(v) for v in value)
    if value is None:
        return "null"
    return str(value).replace(root, "<t>")


build = plan["build"]
print("version", plan["version"])
print("cwd", show(build["working_directory"]))
for assignment in build["environment"]:
    print("env", show(assignment))
print("stamp", show(build["stamp"]))
for step in build["steps"]:
    print("step", step["kind"], "|", step["comment"])
    for key in ("argv", "inputs", "outputs", "byproducts", "depfile", "clean"):
        print(("  " + key + " " + show(step[key])).rstrip())
library = build["library"]
for tu in library["sources"]:
    print(("tu " + show(tu["path"]) + " " + tu["language"] + " " + show(tu["includes"])).rstrip())
for key in ("unity", "precompile_generated", "glue", "pch_header", "defines",
            "cuda_defines", "cuda_options", "stable", "editor_sources", "name",
            "output_directory", "cxx_options", "glue_options", "glue_configs",
            "cxx_launcher", "generated_pch_header", "generated_cxx_launcher"):
    print((key + " " + show(library[key])).rstrip())
for target in build["targets"]:
    print(("target " + target["name"] + (" ALL" if target["all"] else "") + " " +
           show(target["depends"])).rstrip())
for test in build["tests"]:
    print("test", test["name"], show(test["argv"]), "|", show(test["environment"]))
if build["install"] is None:
    print("install null")
else:
    print("install", show(build["install"]["python_dir"]), show(build["install"]["library"]))
    for f in build["install"]["files"]:
        print("  install", show(f["path"]), show(f["destination"]))
unity = library["unity"] or (library["sources"][0]["path"]
                             if library["sources"] and library["sources"][0]["includes"] else None)
if unity and os.path.exists(unity):
    print("--- unity.cpp")
    print(open(unity).read(), end="")
