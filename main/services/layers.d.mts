/** The layers of `main/services`, lowest first (see layers.mjs). */
export declare const serviceLayers: readonly (readonly string[])[];
