/**
 * The product specifications every store can attach values to (see `GET /v1/specifications`).
 * Ids are stable forever: products store them. Add entries freely; never rename an id.
 */
export interface SpecificationSeed {
  id: string;
  name: string;
  description: string | null;
}

export const SPECIFICATIONS: readonly SpecificationSeed[] = [
  { id: 'spec_material', name: 'Material', description: 'Main material the product is made of, such as cotton, oak or stainless steel.' },
  { id: 'spec_weight', name: 'Weight', description: 'Weight of the product without packaging, with its unit (for example 1.2 kg).' },
  { id: 'spec_shipping_weight', name: 'Shipping Weight', description: 'Weight including packaging, used to quote delivery.' },
  { id: 'spec_dimensions', name: 'Dimensions', description: 'Length × width × height with the unit (for example 30 × 20 × 10 cm).' },
  { id: 'spec_warranty', name: 'Warranty', description: 'Length and kind of warranty, for example 2 years manufacturer warranty.' },
  { id: 'spec_brand', name: 'Brand', description: 'Brand or maker name shown to buyers.' },
  { id: 'spec_model_number', name: 'Model Number', description: "The manufacturer's model or part number." },
  { id: 'spec_country_of_origin', name: 'Country of Origin', description: 'Where the product was made.' },
  { id: 'spec_care_instructions', name: 'Care Instructions', description: 'How to wash, clean or maintain the product.' },
  { id: 'spec_size', name: 'Size', description: 'Size label, for example M, 42 or 750 ml.' },
  { id: 'spec_fit', name: 'Fit', description: 'How a garment fits, for example slim, regular or relaxed.' },
  { id: 'spec_fabric', name: 'Fabric', description: 'Fabric composition, for example 95% cotton, 5% elastane.' },
  { id: 'spec_pattern', name: 'Pattern', description: 'Surface pattern, for example striped, checked or solid.' },
  { id: 'spec_finish', name: 'Finish', description: 'Surface finish, for example matte, gloss or brushed.' },
  { id: 'spec_style', name: 'Style', description: 'Design style, for example classic, modern or vintage.' },
  { id: 'spec_age_range', name: 'Age Range', description: 'Ages the product is meant for, for example 3+ years.' },
  { id: 'spec_gender', name: 'Gender', description: 'Intended wearer, for example women, men or unisex.' },
  { id: 'spec_capacity', name: 'Capacity', description: 'How much the product holds, for example 1.5 l or 20 kg.' },
  { id: 'spec_volume', name: 'Volume', description: 'Content volume, for example 250 ml.' },
  { id: 'spec_pack_quantity', name: 'Pack Quantity', description: 'Number of items in one pack.' },
  { id: 'spec_power_source', name: 'Power Source', description: 'How the product is powered, for example mains, battery or USB.' },
  { id: 'spec_voltage', name: 'Voltage', description: 'Rated voltage, for example 220-240 V.' },
  { id: 'spec_wattage', name: 'Wattage', description: 'Rated power draw, for example 1200 W.' },
  { id: 'spec_battery_life', name: 'Battery Life', description: 'Typical run time on a full charge.' },
  { id: 'spec_connectivity', name: 'Connectivity', description: 'Ways to connect, for example Bluetooth 5.3, Wi-Fi or USB-C.' },
  { id: 'spec_compatibility', name: 'Compatibility', description: 'Devices or systems the product works with.' },
  { id: 'spec_screen_size', name: 'Screen Size', description: 'Diagonal screen size, for example 6.1 in.' },
  { id: 'spec_storage_capacity', name: 'Storage Capacity', description: 'Built-in storage, for example 256 GB.' },
  { id: 'spec_memory', name: 'Memory', description: 'Working memory (RAM), for example 16 GB.' },
  { id: 'spec_processor', name: 'Processor', description: 'Processor model and speed.' },
  { id: 'spec_water_resistance', name: 'Water Resistance', description: 'Water resistance rating, for example IP68 or 5 ATM.' },
  { id: 'spec_certification', name: 'Certification', description: 'Safety or quality marks, for example CE, UL or Fairtrade.' },
  { id: 'spec_ingredients', name: 'Ingredients', description: 'Ingredients list for food, cosmetics or care products.' },
  { id: 'spec_allergens', name: 'Allergens', description: 'Allergens the product contains or may contain.' },
  { id: 'spec_shelf_life', name: 'Shelf Life', description: 'How long the product keeps unopened.' },
  { id: 'spec_assembly_required', name: 'Assembly Required', description: 'Whether the buyer must assemble the product, and roughly how long it takes.' },
  { id: 'spec_included_items', name: 'Included Items', description: 'What is in the box.' },
  { id: 'spec_season', name: 'Season', description: 'Season the product is meant for, for example summer or all-season.' },
  { id: 'spec_closure_type', name: 'Closure Type', description: 'How the product closes, for example zip, buttons or laces.' },
  { id: 'spec_sole_material', name: 'Sole Material', description: 'Material of a shoe sole, for example rubber.' },
];

/** The lower-case token form of a name: "Country of Origin" → "country-of-origin". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
