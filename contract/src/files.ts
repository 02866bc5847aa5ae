// Placeholder until this resource's schemas are written.
export {}
