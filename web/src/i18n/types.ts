/** The shape of a message set with every leaf a string: the Vietnamese set must have every English key. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> }
