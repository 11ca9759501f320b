import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { timeZoneByCountryCode, DEFAULT_TIME_ZONE } from '@/shared/domain/time-zones'
import { cities, countries, productCategories, zones } from '../db/schema'

type CountrySeed = {
  name: string
  code: string
  currency: string
  dialCode: string
  mobileMoney: string[]
  cities?: Record<string, string[]>
}

/** The 18 countries of the spec, with ISO codes, currencies and dial codes. */
const referenceCountries: CountrySeed[] = [
  {
    name: 'Mali',
    code: 'ML',
    currency: 'XOF',
    dialCode: '+223',
    mobileMoney: ['Orange Money', 'Moov Money'],
    cities: { Bamako: ['Hamdallaye', 'ACI 2000', 'Badalabougou', 'Kalaban Coura'], Sikasso: ['Centre'] },
  },
  {
    name: 'Sénégal',
    code: 'SN',
    currency: 'XOF',
    dialCode: '+221',
    mobileMoney: ['Orange Money', 'Wave', 'Free Money'],
    cities: {
      Dakar: ['Plateau', 'Almadies', 'Médina', 'Parcelles Assainies'],
      Thiès: ['Centre', 'Randoulène'],
    },
  },
  {
    name: 'Burkina Faso',
    code: 'BF',
    currency: 'XOF',
    dialCode: '+226',
    mobileMoney: ['Orange Money', 'Moov Money'],
    cities: { Ouagadougou: ['Ouaga 2000', 'Gounghin'], 'Bobo-Dioulasso': ['Centre'] },
  },
  {
    name: "Côte d'Ivoire",
    code: 'CI',
    currency: 'XOF',
    dialCode: '+225',
    mobileMoney: ['Orange Money', 'MTN MoMo', 'Moov Money', 'Wave'],
    cities: { Abidjan: ['Cocody', 'Plateau', 'Yopougon', 'Marcory'], Bouaké: ['Centre'] },
  },
  {
    name: 'Niger',
    code: 'NE',
    currency: 'XOF',
    dialCode: '+227',
    mobileMoney: ['Airtel Money'],
    cities: { Niamey: ['Plateau'] },
  },
  {
    name: 'Guinée',
    code: 'GN',
    currency: 'GNF',
    dialCode: '+224',
    mobileMoney: ['Orange Money', 'MTN MoMo'],
    cities: { Conakry: ['Kaloum'] },
  },
  {
    name: 'Bénin',
    code: 'BJ',
    currency: 'XOF',
    dialCode: '+229',
    mobileMoney: ['MTN MoMo', 'Moov Money'],
    cities: { Cotonou: ['Cadjèhoun'] },
  },
  {
    name: 'Togo',
    code: 'TG',
    currency: 'XOF',
    dialCode: '+228',
    mobileMoney: ['T-Money', 'Flooz'],
    cities: { Lomé: ['Tokoin'] },
  },
  {
    name: 'Cameroun',
    code: 'CM',
    currency: 'XAF',
    dialCode: '+237',
    mobileMoney: ['MTN MoMo', 'Orange Money'],
    cities: { Douala: ['Akwa', 'Bonapriso'], Yaoundé: ['Bastos'] },
  },
  {
    name: 'Gabon',
    code: 'GA',
    currency: 'XAF',
    dialCode: '+241',
    mobileMoney: ['Airtel Money', 'Moov Money'],
    cities: { Libreville: ['Centre'] },
  },
  {
    name: 'République centrafricaine',
    code: 'CF',
    currency: 'XAF',
    dialCode: '+236',
    mobileMoney: ['Orange Money'],
    cities: { Bangui: ['Centre'] },
  },
  {
    name: 'Tchad',
    code: 'TD',
    currency: 'XAF',
    dialCode: '+235',
    mobileMoney: ['Airtel Money', 'Moov Money'],
    cities: { "N'Djaména": ['Centre'] },
  },
  {
    name: 'République démocratique du Congo',
    code: 'CD',
    currency: 'CDF',
    dialCode: '+243',
    mobileMoney: ['M-Pesa', 'Airtel Money', 'Orange Money'],
    cities: { Kinshasa: ['Gombe'] },
  },
  {
    name: 'République du Congo',
    code: 'CG',
    currency: 'XAF',
    dialCode: '+242',
    mobileMoney: ['MTN MoMo', 'Airtel Money'],
    cities: { Brazzaville: ['Centre'] },
  },
  {
    name: 'Madagascar',
    code: 'MG',
    currency: 'MGA',
    dialCode: '+261',
    mobileMoney: ['MVola', 'Orange Money'],
    cities: { Antananarivo: ['Centre'] },
  },
  {
    name: 'Mauritanie',
    code: 'MR',
    currency: 'MRU',
    dialCode: '+222',
    mobileMoney: ['Bankily'],
    cities: { Nouakchott: ['Tevragh Zeina'] },
  },
  {
    name: 'Djibouti',
    code: 'DJ',
    currency: 'DJF',
    dialCode: '+253',
    mobileMoney: ['D-Money'],
    cities: { Djibouti: ['Centre'] },
  },
  {
    name: 'Comores',
    code: 'KM',
    currency: 'KMF',
    dialCode: '+269',
    mobileMoney: ['Huri Money'],
    cities: { Moroni: ['Centre'] },
  },
]

const referenceCategories = ['Bœuf', 'Mouton', 'Chèvre', 'Volaille', 'Abats', 'Grillades']

/** Countries, cities, zones and categories; running it again adds nothing. */
export async function seedReference(db: Executor) {
  for (const c of referenceCountries) {
    await db
      .insert(countries)
      .values({
        name: c.name,
        code: c.code,
        currency: c.currency,
        dialCode: c.dialCode,
        timeZone: timeZoneByCountryCode[c.code] ?? DEFAULT_TIME_ZONE,
        mobileMoneyProviders: c.mobileMoney,
      })
      .onConflictDoNothing()
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, c.code))
    for (const [cityName, zoneNames] of Object.entries(c.cities ?? {})) {
      await db.insert(cities).values({ name: cityName, countryId: country!.id }).onConflictDoNothing()
      const [city] = await db
        .select({ id: cities.id })
        .from(cities)
        .where(and(eq(cities.countryId, country!.id), eq(sql`lower(${cities.name})`, cityName.toLowerCase())))
      for (const zoneName of zoneNames) {
        await db.insert(zones).values({ name: zoneName, cityId: city!.id }).onConflictDoNothing()
      }
    }
  }
  for (const name of referenceCategories) {
    await db.insert(productCategories).values({ name }).onConflictDoNothing()
  }
}
