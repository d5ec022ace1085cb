//! Pools the ticket generator draws from: customers, companies, the vendor
//! whose desk the agent staffs, and the nouns tickets are written with.
//! First names avoid English words the reply reader knows ("Will", "May",
//! "Bill"), so a greeting is never read as a commitment.

pub(crate) const FIRST_NAMES: &[&str] = &[
    "Adaeze", "Bilal", "Carmen", "Dmitri", "Esther", "Farid", "Gemma", "Hiro", "Ingrid", "Jamal",
    "Kavya", "Lorenzo", "Mirela", "Nikhil", "Olga", "Pablo", "Quentin", "Rania", "Stefan",
    "Thandiwe", "Ulrich", "Valeria", "Wen", "Ximena", "Yara", "Zoltan", "Anika", "Bruno", "Celine",
    "Dario", "Elif", "Fionn", "Giulia", "Hamza", "Isla", "Joaquin", "Kamala", "Luca", "Maren",
    "Nils", "Oona", "Priyanka", "Rafael", "Saoirse", "Tobias", "Uma", "Viktor", "Wanjiru", "Yusra",
    "Zeynep", "Arash", "Beatriz", "Cyrus", "Delphine", "Emeka", "Freya", "Goran", "Helga", "Imani",
    "Jonas",
];

pub(crate) const LAST_NAMES: &[&str] = &[
    "Achebe",
    "Bergstrom",
    "Cardoso",
    "Dimitrov",
    "Engel",
    "Fontaine",
    "Gupta",
    "Halvorsen",
    "Iwasaki",
    "Jovanovic",
    "Kaur",
    "Lindgren",
    "Mbeki",
    "Nakagawa",
    "Oyelaran",
    "Pereira",
    "Quispe",
    "Rossi",
    "Sandoval",
    "Takahashi",
    "Ueda",
    "Vasquez",
    "Wojcik",
    "Yamamoto",
    "Zielinski",
    "Abara",
    "Bianchi",
    "Castellanos",
    "Delacroix",
    "Eze",
    "Falk",
    "Gallagher",
    "Haddad",
    "Ibarra",
    "Jaramillo",
    "Kowalczyk",
    "Lund",
    "Moreno",
    "Nyberg",
    "Okonkwo",
    "Petrova",
    "Rahimi",
    "Sorensen",
    "Tiwari",
    "Varga",
    "Weber",
    "Yilmaz",
    "Zamora",
];

/// (customer company, mail domain)
pub(crate) const COMPANIES: &[(&str, &str)] = &[
    ("Alder Street Bakery", "alderbakery.example"),
    ("Bramble Dental", "brambledental.example"),
    ("Cinder Works", "cinderworks.example"),
    ("Driftwood Studios", "driftwood.example"),
    ("Elmstead Logistics", "elmstead.example"),
    ("Foxglove Architects", "foxglove.example"),
    ("Granite Peak Outfitters", "granitepeak.example"),
    ("Heron Bay Clinic", "heronbay.example"),
    ("Ironbark Engineering", "ironbark.example"),
    ("Juniper Events", "juniperevents.example"),
    ("Kelpie Pet Care", "kelpiepets.example"),
    ("Lantern Books", "lanternbooks.example"),
    ("Marrow & Vine", "marrowvine.example"),
    ("Northgate Tutors", "northgate.example"),
    ("Oakum Marine", "oakummarine.example"),
    ("Pebble Lane Florists", "pebblelane.example"),
    ("Quayside Coffee", "quaysidecoffee.example"),
    ("Rowan Legal Aid", "rowanaid.example"),
    ("Saltmarsh Brewing", "saltmarsh.example"),
    ("Thistle Analytics", "thistle.example"),
    ("Upland Solar", "uplandsolar.example"),
    ("Vireo Travel", "vireotravel.example"),
    ("Wren Robotics", "wrenrobotics.example"),
    ("Yarrow Home Care", "yarrowcare.example"),
];

/// Personal mail domains, for tickets sent from outside the account.
pub(crate) const PERSONAL_DOMAINS: &[&str] = &[
    "mailbox.example",
    "homemail.example",
    "postbox.example",
    "inboxly.example",
];

/// The vendor whose support desk the agent staffs.
pub(crate) const VENDORS: &[&str] = &[
    "Tallyworks",
    "Brightledger",
    "Quillsoft",
    "Harbourline",
    "Orbitly",
    "Pennant",
    "Cobaltdesk",
    "Larkspur",
    "Fieldnote",
    "Ridgeway",
];

/// Product lines, prefixed with the vendor's name.
pub(crate) const PRODUCT_LINES: &[&str] =
    &["Books", "Reports", "Scheduler", "Payroll", "Inventory"];

pub(crate) const SIGN_IN_ERRORS: &[&str] = &[
    "Invalid session token",
    "Error 403: access denied",
    "Something went wrong (code 5012)",
    "Your sign-in link has expired",
    "Authentication service unavailable",
];

pub(crate) const SCREENS: &[&str] = &[
    "reports",
    "invoices",
    "timesheets",
    "dashboard",
    "calendar",
    "stock count",
    "expenses",
];

pub(crate) const PLATFORMS: &[&str] = &["iOS", "Android", "Windows desktop", "Mac desktop"];

pub(crate) const ENDPOINTS: &[&str] = &[
    "/v2/orders",
    "/v2/export",
    "/v2/invoices",
    "/v2/customers",
    "/v2/sync",
    "/v2/timesheets",
];

pub(crate) const CITIES: &[&str] = &[
    "Bucharest",
    "Manila",
    "Lima",
    "Hanoi",
    "Porto",
    "Almaty",
    "Recife",
    "Kampala",
];

pub(crate) const HOW_TO: &[&str] = &[
    "add a second admin",
    "export all invoices for last year",
    "change the date format to day/month/year",
    "set up single sign-on",
    "connect our Slack workspace",
    "archive old projects",
    "change the currency on a client",
];

pub(crate) const FEATURES: &[&str] = &[
    "export reports to Excel",
    "set a default currency per client",
    "offer a dark mode",
    "share dashboards with read-only links",
    "bulk-edit tags",
    "schedule reports by email",
];

pub(crate) const ADD_ONS: &[&str] = &[
    "Advanced Reports add-on",
    "extra storage pack",
    "SMS notifications add-on",
    "priority phone line add-on",
    "audit log add-on",
];

pub(crate) const WEEKDAYS: &[&str] = &["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
