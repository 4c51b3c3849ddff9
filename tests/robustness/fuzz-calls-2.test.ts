import { fuzzPart } from './fuzz-calls.ts';

/** Part 2 of the fuzz of every registered call (fuzz-calls.ts). */
fuzzPart(2);
