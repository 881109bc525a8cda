// Compile Python modules to bytecode with the very Pyodide the site ships,
// run by Node at build time (bytecode.py runs it), so the page's Python
// imports them without compiling their source first.
//
//   node pycompile.mjs PYODIDE_DIR JOBS_JSON
//
// PYODIDE_DIR holds pyodide.mjs and its files. JOBS_JSON is
// {"boot_stdlib": ZIP or null, "jobs": [{"source", "target", "where"}]}:
// "boot_stdlib", if given, is the standard library Pyodide starts with here
// (a bytecode one an earlier build made starts in half the time). Each job
// reads the zip `source` and writes the zip `target`:
//  - where "stdlib": `source` is the standard library's zip; `target` is the
//    same zip with each `a/b.py` replaced by `a/b.pyc`;
//  - where "site-packages": `source` is a wheel; `target` holds only the
//    bytecode, each `a/b.py` as `a/__pycache__/b.<cache tag>.pyc`, to add to it.
// Each module is compiled under the file name it has once installed (so
// tracebacks name it), as an unchecked-hash pyc: its source is never read
// to check it, as the site's files never change in place.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [folder, jobsFile] = process.argv.slice(2);
const { boot_stdlib: bootStdlib, jobs } = JSON.parse(readFileSync(jobsFile, "utf8"));
const { loadPyodide } = await import(pathToFileURL(resolve(folder, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: resolve(folder) + "/",
  ...(bootStdlib ? { stdLibURL: resolve(bootStdlib) } : {}),
  stdout: () => {},
  stderr: (line) => console.error(line),
});

const compileZip = py.runPython(`
import importlib._bootstrap_external as external
import importlib.util
import posixpath
import sys
import sysconfig
import zipfile

STDLIB = next(path for path in sys.path if path.endswith(".zip"))


def compile_zip(where):
    prefix = (STDLIB if where == "stdlib" else sysconfig.get_path("purelib")) + "/"
    with (
        zipfile.ZipFile("/tmp/source.zip") as source,
        zipfile.ZipFile("/tmp/target.zip", "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for entry in source.infolist():
            text = source.read(entry)
            name = entry.filename
            code = None
            if name.endswith(".py"):
                try:
                    code = compile(text, prefix + name, "exec", dont_inherit=True)
                except SyntaxError:
                    pass  # left as source: it fails on import as it would have
            if code is None:
                if where == "stdlib":
                    target.writestr(entry, text)
                continue
            if where == "stdlib":
                name += "c"
            else:
                folder, file = posixpath.split(name)
                tag = sys.implementation.cache_tag
                name = posixpath.join(folder, "__pycache__", f"{file[:-3]}.{tag}.pyc")
            data = external._code_to_hash_pyc(code, importlib.util.source_hash(text), False)
            made = zipfile.ZipInfo(name, entry.date_time)
            made.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(made, bytes(data))


compile_zip
`);

for (const job of jobs) {
  py.FS.writeFile("/tmp/source.zip", readFileSync(job.source));
  compileZip(job.where);
  writeFileSync(job.target, py.FS.readFile("/tmp/target.zip"));
}
