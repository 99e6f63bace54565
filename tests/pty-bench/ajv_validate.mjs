// Warm in-process validation of one payload by ajv, the figure `ask validate` is held to
// (issue 33): JSON.parse of the text plus the compiled schema's check, timed per run
// after a warm-up, median of many runs. Run by validate_vs_ajv.sh, which installs ajv.
//
//   node ajv_validate.mjs SCHEMA.json PAYLOAD.json [RUNS]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(process.env.AJV_DIR + "/");
const Ajv2020 = require("ajv/dist/2020").default;

const [schemaPath, payloadPath, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 200);
const schema = JSON.parse(readFileSync(schemaPath, "utf8"));
const text = readFileSync(payloadPath, "utf8");
const ajv = new Ajv2020({ allErrors: false, strict: false, validateFormats: false });
const validate = ajv.compile(schema);

const cpu = [];
const once = () => {
  const startCpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const ok = validate(JSON.parse(text));
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(startCpu);
  cpu.push((used.user + used.system) / 1000);
  if (!ok) {
    throw new Error("ajv rejects the payload: " + JSON.stringify(validate.errors?.slice(0, 3)));
  }
  return ms;
};
for (let i = 0; i < 30; i++) once();
cpu.length = 0;
const times = Array.from({ length: runs }, once).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
cpu.sort((a, b) => a - b);
console.log(
  `ajv ${require("ajv/package.json").version}, node ${process.version}: ${text.length} bytes, ` +
    `${runs} warm runs, JSON.parse + validate median ${median.toFixed(2)} ms ` +
    `(min ${times[0].toFixed(2)}, max ${times[times.length - 1].toFixed(2)}); ` +
    `CPU time per run (every thread of node, GC included) median ${cpu[Math.floor(cpu.length / 2)].toFixed(2)} ms`,
);
