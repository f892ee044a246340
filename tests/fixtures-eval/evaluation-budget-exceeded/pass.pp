$banner = sprintf('%80s', 'welcome')
notice($banner)
