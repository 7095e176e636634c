/** Runs every benchmark of the product in turn. */
import { runEncargosBench } from './encargos';

await runEncargosBench();
