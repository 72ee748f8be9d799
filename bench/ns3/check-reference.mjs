// Reruns the reference set engine/tests/data/ns3-bulk-set-a.jsonl with bench/ns3/reference.cc
// and the installed ns-3.44, and says, line by line, whether goodput and the event count
// come out the same: evidence that the bench's ns-3 program is the set's scenario.
//   npm run bench:ns3-check            every line (36 runs, a minute or two)
//   npm run bench:ns3-check -- --loss 0   only the lines with that loss
// Exits 1 when a line differs, 2 when ns-3 is not installed.
import { prepareNs3, referenceSet, runNs3 } from './ns3.mjs';

const loss_index = process.argv.indexOf('--loss');
const only_loss = loss_index > 0 ? Number(process.argv[loss_index + 1]) : undefined;

const { binary, reason } = prepareNs3();
if (!binary) {
  console.error(`ns-3 ${reason}`);
  process.exit(2);
}

let differences = 0;
const lines = referenceSet().filter((line) => only_loss === undefined || line.loss === only_loss);
for (const line of lines) {
  const ours = runNs3([
    `--tcp=${line.tcp}`,
    `--loss=${line.loss}`,
    `--bw=${line.bw}`,
    `--delay=${line.delay}`,
    `--time=${line.time}`,
    `--seed=${line.seed}`,
  ]);
  const same = ours.goodput_mbps === line.goodput_mbps && ours.events === line.events;
  if (!same) ++differences;
  console.log(
    `${same ? 'same  ' : 'DIFFER'} ${line.tcp} loss ${line.loss} seed ${line.seed}: ` +
      `set ${line.goodput_mbps} Mb/s ${line.events} events, ` +
      `now ${ours.goodput_mbps} Mb/s ${ours.events} events (${ours.run_wall_ms.toFixed(0)} ms)`,
  );
}
console.log(`${lines.length - differences} of ${lines.length} lines reproduced`);
process.exit(differences ? 1 : 0);
