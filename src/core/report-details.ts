/**
 * The closed union of every kind's details: views narrow it with a switch on `type`, no casts.
 * Each details type adds itself to DetailsByType, under its `type`, in the module that declares
 * it (declaration merging, as TanStack Router's Register does): the union is every kind's without
 * a list here, and the base report model imports no feature module.
 */
import type { Report } from './model/report';

/** Each kind's details by their `type` tag; extended by each details module. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DetailsByType {}

export type ReportDetails = DetailsByType[keyof DetailsByType];

/** A details type's tag: what a kind descriptor names as the details its reports carry. */
export type DetailsType = keyof DetailsByType;

/** Every details type is filed under its own tag (a type error here otherwise). */
export type DetailsFiledUnderTheirTag = {
  [T in DetailsType]: DetailsByType[T] extends { type: T } ? true : never;
}[DetailsType];
const filedUnderTheirTag: DetailsFiledUnderTheirTag = true;
void filedUnderTheirTag;

/** A report as the shells see it. */
export type VerifiedReport = Report<ReportDetails>;
