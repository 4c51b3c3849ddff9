import type { chainControlAnswers, chainControlBodies } from '../../contracts/index.ts';
import type { z } from 'zod';
import type { Settings } from '../services/settings.ts';
import type { Chain } from './chain.ts';

type Bodies = typeof chainControlBodies;
type Answers = typeof chainControlAnswers;

/** `/__control/chain/*`: the simulated chain driven by QA and tests (contracts/realtime/control-chain.ts). */
export function chainControlActions(services: { readonly settings: Settings; readonly chain: Chain }): {
  [N in keyof Bodies]: (body: z.output<Bodies[N]>) => z.input<Answers[N]>;
} {
  const { chain } = services;
  const receiving = () => services.settings.require('pay_config').usdt_address;
  return {
    'chain/send': ({ to, amount_micro, mine }) => {
      const tx = chain.receive(to ?? receiving(), amount_micro, 'USDT', 'control: chain/send');
      if (mine) chain.mine(1);
      return chain.byHash(tx.hash)!;
    },
    'chain/mine': ({ count }) => {
      const blocks = chain.mine(count);
      return { height: chain.height(), confirmed: blocks.reduce((n, b) => n + b.confirmed.length, 0) };
    },
    'chain/fail_next': ({ count }) => {
      chain.failNext(count);
      return null;
    },
    'chain/replay': ({ hash }) => chain.replay(hash),
    'chain/state': ({ address }) => {
      const a = address ?? receiving();
      return { height: chain.height(), pending: chain.pendingCount(), address: a, usdt_micro: chain.balanceOf(a) };
    },
  };
}
