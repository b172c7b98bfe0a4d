#!/usr/bin/env python3
"""Validate a built release with tools independent of `vocab validate` (CI only, never the pipeline).

usage: validate-release.py RELEASE_FOLDER SCHEMAS_FOLDER

1. jsonschema: datapackage.json against datapackage.schema.json, the JSON bundle against
   bundle.schema.json (Draft 2020-12).
2. frictionless: `datapackage.json` as a package (descriptor, sizes and hashes), then every
   table resource's rows against its Table Schema: SQLite tables read through SQLAlchemy
   (frictionless reads SQL only from a URL), the bundle's records from its `words` property.
Exits 1 on any error, printing each.
"""
import json
import pathlib
import sys

import frictionless
import jsonschema


def main() -> int:
    release, schemas = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    manifest_path = release / "datapackage.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    errors = []

    def schema_check(instance, schema_file, label):
        schema = json.loads((schemas / schema_file).read_text(encoding="utf-8"))
        validator = jsonschema.Draft202012Validator(schema)
        for error in validator.iter_errors(instance):
            errors.append(f"jsonschema: {label}: /{'/'.join(map(str, error.absolute_path))}: {error.message}")

    schema_check(manifest, "datapackage.schema.json", "datapackage.json")
    bundle_resource = next(r for r in manifest["resources"] if r["format"] == "json")
    bundle = json.loads((release / bundle_resource["path"]).read_text(encoding="utf-8"))
    schema_check(bundle, "bundle.schema.json", bundle_resource["path"])

    report = frictionless.validate(str(manifest_path))
    if not report.valid:
        errors += [f"frictionless: package: {e}" for e in report.flatten(["resourceName", "type", "note"])]

    # Rows: each table resource read as a table, with the manifest's Table Schema.
    resources = []
    for entry in manifest["resources"]:
        if entry["format"] == "sqlite":
            resources.append(frictionless.Resource(
                name=entry["name"], path=f"sqlite:///{release / entry['path']}", format="sql",
                control=frictionless.formats.SqlControl(table=entry["dialect"]["table"]),
                schema=frictionless.Schema.from_descriptor(entry["schema"])))
        else:
            resources.append(frictionless.Resource(
                name=entry["name"], path=entry["path"], basepath=str(release), format="json", datatype="table",
                control=frictionless.formats.JsonControl(property=entry["dialect"]["property"], keyed=True),
                schema=frictionless.Schema.from_descriptor(entry["schema"])))
    package = frictionless.Package(resources=resources)
    rows = package.validate()
    if not rows.valid:
        errors += [f"frictionless: rows: {e}" for e in rows.flatten(["resourceName", "rowNumber", "fieldName", "type", "note"])]
    counted = {task.name: task.stats.get("rows") for task in rows.tasks}

    for error in errors:
        print(error)
    print(f"{release.name}: jsonschema (manifest, bundle) and frictionless (package, "
          f"{len(resources)} tables: {', '.join(f'{n} {c} rows' for n, c in counted.items())}): "
          + ("VALID" if not errors else f"INVALID, {len(errors)} errors"))
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
