$banner = sprintf('%100000000s', 'welcome')
notice($banner)
