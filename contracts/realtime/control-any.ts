import type { z } from 'zod';
import type { ControlAnswer, ControlBody, ControlName } from './control.ts';
import type { QaControlAnswer, QaControlBody, QaControlName } from './control-qa.ts';
import type { ShieldControlAnswer, ShieldControlName, shieldControlBodies } from './shield-control.ts';

/**
 * Every operation of the control API (`/__control/<name>`): the simulated outside systems' (control.ts,
 * control-chain.ts), the QA tools' (control-qa.ts) and the WeChat checker's (`shield/<op>`), with the body each
 * takes and the data it answers. The tests' control helper and the QA cockpit type their calls with these.
 */
export type AnyControlName = ControlName | QaControlName | `shield/${ShieldControlName}`;
type ShieldOp<N> = N extends `shield/${infer O extends ShieldControlName}` ? O : never;
export type ControlBodyOf<N extends AnyControlName> = N extends QaControlName
  ? QaControlBody<N>
  : N extends ControlName
    ? ControlBody<N>
    : z.input<(typeof shieldControlBodies)[ShieldOp<N>]>;
export type ControlDataOf<N extends AnyControlName> = N extends QaControlName
  ? QaControlAnswer<N>
  : N extends ControlName
    ? ControlAnswer<N>
    : ShieldControlAnswer<ShieldOp<N>>;
