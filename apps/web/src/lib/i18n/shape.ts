/**
 * The shape of a message catalogue: the same nested keys as `T`, every text a plain string. A
 * translation typed `Shape<typeof en…>` must have every English key and no other, so a missing or an
 * extra key is a type error.
 */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
