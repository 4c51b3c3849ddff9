import type { z } from 'zod';
import {
  AsyncOperationStatus,
  CollectionStatus,
  CurrentFlag,
  DefaultLanguage,
  DisableFlag,
  DomainDisplayType,
  HoldFlag,
  JumpType,
  MenuType,
  NotifyStatus,
  OnlineStatus,
  OpenLog,
  OrderStatus,
  PayType,
  PictureJumpType,
  Platform,
  RemovedFlag,
  RotationType,
  ShieldStatus,
  ShortCodeType,
  ShowStatus,
  StealingReason,
  Theme,
  VisitMethod,
  VisitRestriction,
  WithdrawalStatus,
} from '../../contracts/index.ts';

/** A `defineEnum` result of any shape (contracts/enum.ts). */
export interface AnyEnum {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly values: Readonly<Record<string, number>>;
  readonly options: readonly { readonly value: number; readonly member: string; readonly labelKey: string }[];
  labelKey(code: number): string;
}

// The enums request fields use, named (not a namespace import) so the build keeps only contracts modules that
// are needed. An enum missing here still works: a declaration passes it as a field's `enum` override.
const KNOWN: readonly AnyEnum[] = [
  AsyncOperationStatus,
  CollectionStatus,
  CurrentFlag,
  DefaultLanguage,
  DisableFlag,
  DomainDisplayType,
  HoldFlag,
  JumpType,
  MenuType,
  NotifyStatus,
  OnlineStatus,
  OpenLog,
  OrderStatus,
  PayType,
  PictureJumpType,
  Platform,
  RemovedFlag,
  RotationType,
  ShieldStatus,
  ShortCodeType,
  ShowStatus,
  StealingReason,
  Theme,
  VisitMethod,
  VisitRestriction,
  WithdrawalStatus,
];
const bySchema = new Map<unknown, AnyEnum>(KNOWN.map((e) => [e.schema, e]));

/**
 * The enum whose `schema` a request field uses. Contracts put `X.schema` itself into request shapes, so the
 * identity of the literal tells which labels to show in a select.
 */
export function enumForSchema(schema: unknown): AnyEnum | undefined {
  return bySchema.get(schema);
}
