/** The system color palette variant groups pick from (`colorId`). Ids are stable forever; add freely, never rename. */
export interface ColorSeed {
  id: string;
  name: string;
  hex: string;
}

export const COLORS: readonly ColorSeed[] = [
  { id: 'color_black', name: 'Black', hex: '#000000' },
  { id: 'color_white', name: 'White', hex: '#FFFFFF' },
  { id: 'color_gray', name: 'Gray', hex: '#808080' },
  { id: 'color_silver', name: 'Silver', hex: '#C0C0C0' },
  { id: 'color_charcoal', name: 'Charcoal', hex: '#36454F' },
  { id: 'color_red', name: 'Red', hex: '#D32F2F' },
  { id: 'color_burgundy', name: 'Burgundy', hex: '#800020' },
  { id: 'color_pink', name: 'Pink', hex: '#F48FB1' },
  { id: 'color_orange', name: 'Orange', hex: '#F57C00' },
  { id: 'color_coral', name: 'Coral', hex: '#FF7F50' },
  { id: 'color_yellow', name: 'Yellow', hex: '#FBC02D' },
  { id: 'color_gold', name: 'Gold', hex: '#D4AF37' },
  { id: 'color_beige', name: 'Beige', hex: '#F5F5DC' },
  { id: 'color_cream', name: 'Cream', hex: '#FFFDD0' },
  { id: 'color_brown', name: 'Brown', hex: '#795548' },
  { id: 'color_tan', name: 'Tan', hex: '#D2B48C' },
  { id: 'color_olive', name: 'Olive', hex: '#808000' },
  { id: 'color_green', name: 'Green', hex: '#388E3C' },
  { id: 'color_mint', name: 'Mint', hex: '#98FF98' },
  { id: 'color_teal', name: 'Teal', hex: '#00897B' },
  { id: 'color_turquoise', name: 'Turquoise', hex: '#40E0D0' },
  { id: 'color_blue', name: 'Blue', hex: '#1976D2' },
  { id: 'color_navy', name: 'Navy', hex: '#000080' },
  { id: 'color_sky_blue', name: 'Sky Blue', hex: '#87CEEB' },
  { id: 'color_purple', name: 'Purple', hex: '#7B1FA2' },
  { id: 'color_lavender', name: 'Lavender', hex: '#B57EDC' },
  { id: 'color_multicolor', name: 'Multicolor', hex: '#FFFFFF' },
];
