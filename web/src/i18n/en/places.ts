/** The address picker: Vietnam's 2025 units (CONTRACT 5.6). */
export const places = {
  province: 'Province or city',
  ward: 'Ward or commune',
  street: 'House number and street',
  streetHint: 'What comes before the ward: 12 Trần Duy Hưng, ngõ 5',
  typeToSearch: 'Type to search',
  provinceFirst: 'Choose the province first',
  noProvince: 'No province or city has this name',
  noWard: 'No ward or commune of this province has this name',
  freeText: 'Other address (free text)',
  freeTextField: 'Address',
  freeTextHint: 'For an address written before the 2025 units, kept as it is written.',
}
